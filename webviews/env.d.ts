// esbuild loads .css imports of the webview bundles as text (esbuild.mjs: loader '.css': 'text').
declare module '*.css' {
  const text: string;
  export default text;
}

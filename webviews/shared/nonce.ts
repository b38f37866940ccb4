// Imported FIRST by every panel: Lit (inside vscode-elements) adopts constructed stylesheets,
// and where it has to fall back to <style> elements it stamps them with `window.litNonce`.
// The CSP allows styles only from our stylesheet and by nonce, never 'unsafe-inline', so the
// nonce of our own script tag is handed over before any component module runs. The entry is a
// module script (document.currentScript is null there), so it is found by its nonce attribute;
// the browser hides the attribute's value but keeps it in the `nonce` property.
const script = document.querySelector<HTMLScriptElement>('script[nonce]');
(globalThis as { litNonce?: string }).litNonce = script?.nonce || script?.getAttribute('nonce') || undefined;

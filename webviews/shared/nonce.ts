// Imported FIRST by every panel: Lit (inside vscode-elements) adopts constructed stylesheets,
// and where it has to fall back to <style> elements it stamps them with `window.litNonce`.
// The CSP allows styles only from our stylesheet and by nonce, never 'unsafe-inline', so the
// nonce of our own script tag is handed over before any component module runs.
const script = document.currentScript as HTMLScriptElement | null;
(globalThis as { litNonce?: string }).litNonce = script?.nonce || script?.getAttribute('nonce') || undefined;

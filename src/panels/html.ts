// The HTML shell of every panel (vscode-free, so the browser tests load the same page).
import type { PanelKind } from './viewTypes';

export function nonce(): string {
  const bytes = new Uint8Array(18);
  crypto.getRandomValues(bytes);
  return Buffer.from(bytes).toString('base64');
}

/** Escapes text for an HTML text node or a double-quoted attribute. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** The page shell: nothing loads but our bundle (by nonce) and our stylesheet (cspSource). */
export function panelHtml(opts: { cspSource: string; nonce: string; scriptUri: string; styleUri: string; title: string; kind: PanelKind }): string {
  const csp = [
    "default-src 'none'",
    `img-src ${opts.cspSource} data:`,
    `font-src ${opts.cspSource}`,
    // vscode-elements (Lit) adopts constructed stylesheets; where it must fall back to <style>
    // elements it stamps them with window.litNonce, which webviews/shared/nonce.ts sets.
    `style-src ${opts.cspSource} 'nonce-${opts.nonce}'`,
    `script-src 'nonce-${opts.nonce}'`,
  ].join('; ');
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="${csp}">
<meta name="viewport" content="width=device-width, initial-scale=1">
<link rel="stylesheet" href="${escapeHtml(opts.styleUri)}">
<title>${escapeHtml(opts.title)}</title>
</head>
<body data-panel="${opts.kind}">
<main id="app" aria-busy="true" aria-live="polite"></main>
<script nonce="${opts.nonce}" src="${escapeHtml(opts.scriptUri)}"></script>
</body>
</html>`;
}

// The HTML shell of every panel (vscode-free, so the browser tests load the same page).
// Localization of the webviews: the page carries the extension's l10n bundle for the display
// language as a JSON data block (`#nhncloud-l10n`, never executed, so the CSP is unchanged);
// webviews/shared/l10nBoot.ts reads it before any panel module builds a label, and the panels
// translate with `l10n.t` of src/shared/l10n.ts, whose strings live in l10n/bundle.l10n.*.json.
import type { L10nBundle } from '../shared/l10n';
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

/** A CSP source expression for a folder: its URI with a trailing slash matches every file below it. */
function cspPath(uri: string): string {
  // CSP source lists are separated by spaces and ';', and the policy sits in a double-quoted
  // attribute: make sure a path can never add a directive or leave the attribute.
  // encodeURIComponent leaves `'` as it is.
  return uri.replace(/\/*$/, '/').replace(/[\s;,'"<>]/g, (c) => (c === "'" ? '%27' : encodeURIComponent(c)));
}

/** The page shell: nothing loads but our bundle (by nonce) and our stylesheet (cspSource). */
export function panelHtml(opts: {
  cspSource: string;
  nonce: string;
  scriptUri: string;
  /** The webview URI of dist/webviews/chunks: the only place the entry may import code from. */
  chunkRootUri: string;
  styleUri: string;
  title: string;
  kind: PanelKind;
  /** The display language and the extension's l10n bundle for it (undefined in English). */
  l10n?: { language: string; bundle?: L10nBundle };
}): string {
  const language = opts.l10n?.language ?? 'en';
  // `<` escaped so no text can close the data block.
  const l10nJson = JSON.stringify({ language, bundle: opts.l10n?.bundle ?? null }).replace(/</g, '\\u003c');
  const csp = [
    "default-src 'none'",
    `img-src ${opts.cspSource} data:`,
    `font-src ${opts.cspSource}`,
    // vscode-elements (Lit) adopts constructed stylesheets; where it must fall back to <style>
    // elements it stamps them with window.litNonce, which webviews/shared/nonce.ts sets.
    `style-src ${opts.cspSource} 'nonce-${opts.nonce}'`,
    // Only our nonce'd entry runs, and it may import the shared chunks esbuild splits out, by
    // path: nothing else of the extension's folder, and no inline script. ('strict-dynamic'
    // would be shorter but trusts any script element a page script creates: a reliability
    // scenario proved an injected inline script then runs.)
    `script-src 'nonce-${opts.nonce}' ${cspPath(opts.chunkRootUri)}`,
  ].join('; ');
  return `<!DOCTYPE html>
<html lang="${escapeHtml(language)}">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="${csp}">
<meta name="viewport" content="width=device-width, initial-scale=1">
<link rel="stylesheet" href="${escapeHtml(opts.styleUri)}">
<title>${escapeHtml(opts.title)}</title>
</head>
<body data-panel="${opts.kind}">
<script type="application/json" id="nhncloud-l10n">${l10nJson}</script>
<main id="app" aria-busy="true" aria-live="polite"></main>
<script type="module" nonce="${opts.nonce}" src="${escapeHtml(opts.scriptUri)}"></script>
</body>
</html>`;
}

// Dropdowns open upward when the room below them is too short for their list and there is more
// room above (vscode-elements opens them below unless told `position = 'above'`: at the bottom
// of a form the list went under the panel's edge). For every single- and multi-select of every
// webview: set as a pointer or key is about to open one, from where it is at that moment.
const SELECTS = new Set(['VSCODE-SINGLE-SELECT', 'VSCODE-MULTI-SELECT']);
/** vscode-elements' option height and the most options its list shows at once. */
const OPTION_PX = 22;
const VISIBLE_OPTIONS = 10;

type Select = HTMLElement & { position: 'above' | 'below' };

/** Where the list of `select` fits: below when it can, else on the side with more room. */
export function dropdownPosition(select: HTMLElement, viewportHeight = window.innerHeight): 'above' | 'below' {
  const box = select.getBoundingClientRect();
  const options = select.querySelectorAll('vscode-option').length;
  const needed = Math.min(Math.max(options, 1), VISIBLE_OPTIONS) * OPTION_PX + 8;
  const below = viewportHeight - box.bottom;
  const above = box.top;
  return below >= needed || below >= above ? 'below' : 'above';
}

function place(e: Event): void {
  const select = e.composedPath().find((n): n is Select => n instanceof HTMLElement && SELECTS.has(n.tagName));
  if (select) select.position = dropdownPosition(select);
}
// Capture: before the component's own handlers open the list.
document.addEventListener('mousedown', place, true);
document.addEventListener('keydown', place, true);

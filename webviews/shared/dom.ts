// A tiny element builder. Text always goes in as text nodes or properties, never as HTML, so
// names and values that come from the user or the service cannot inject markup.
import { l10n } from '../../src/shared/l10n';
type Child = Node | string | number | null | undefined | false;
type Props = Record<string, unknown>;

export function h<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  props?: Props | null,
  ...children: Child[]
): HTMLElementTagNameMap[K];
export function h(tag: string, props?: Props | null, ...children: Child[]): HTMLElement;
export function h(tag: string, props?: Props | null, ...children: Child[]): HTMLElement {
  const el = document.createElement(tag);
  for (const [k, v] of Object.entries(props ?? {})) {
    if (v === undefined || v === null || v === false) continue;
    if (k.startsWith('on') && typeof v === 'function')
      el.addEventListener(k.slice(2).toLowerCase(), v as EventListener);
    else if (k === 'class') el.className = String(v);
    else if (k === 'aria-label' && /^vscode-(textfield|textarea|single-select|multi-select)$/.test(tag)) {
      // These components keep their input in a shadow root: `label` is what names that input.
      el.setAttribute(k, String(v));
      (el as unknown as { label: string }).label = String(v);
    } else if (
      k.includes('-') ||
      k === 'role' ||
      k === 'for' ||
      k === 'id' ||
      k === 'title' ||
      k === 'slot' ||
      k === 'name'
    )
      el.setAttribute(k, v === true ? '' : String(v));
    // A name a built-in element has no property for (`tabindex`: the property is `tabIndex`) is an
    // attribute: assigned as a property it did nothing, and the results grid never took the focus
    // (Ctrl+C, Ctrl+A and the arrow keys went to the page). Custom elements may not be upgraded
    // yet, so they keep properties.
    else if (!tag.includes('-') && !(k in el)) el.setAttribute(k, v === true ? '' : String(v));
    else (el as unknown as Record<string, unknown>)[k] = v;
  }
  append(el, children);
  return el;
}

export function append(el: Element, children: Child[]): void {
  for (const c of children) {
    if (c === null || c === undefined || c === false) continue;
    el.append(typeof c === 'object' ? c : document.createTextNode(String(c)));
  }
}

export function clear(el: Element): void {
  el.replaceChildren();
}

export function $(id: string): HTMLElement {
  const el = document.getElementById(id);
  if (!el) throw new Error(l10n.t('#{0} missing', id));
  return el;
}

let uid = 0;
export function newId(prefix: string): string {
  return `${prefix}-${++uid}`;
}

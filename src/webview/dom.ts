// Building DOM without markup strings: text always goes in as text nodes and attributes
// through setAttribute, so nothing the API sends can become HTML.

export type AttrValue = string | number | boolean | null | undefined;
export type Child = Node | string | null | undefined | false;

export function h<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attrs: Readonly<Record<string, AttrValue>> = {},
  ...children: Child[]
): HTMLElementTagNameMap[K] {
  const el = document.createElement(tag);
  setAttrs(el, attrs);
  append(el, ...children);
  return el;
}

export function setAttrs(el: Element, attrs: Readonly<Record<string, AttrValue>>): void {
  for (const [name, value] of Object.entries(attrs)) {
    if (name === 'style') throw new Error('Inline style attributes are blocked by the CSP; use el.style.');
    if (value === undefined || value === null || value === false) el.removeAttribute(name);
    else el.setAttribute(name, value === true ? '' : String(value));
  }
}

export function append(el: Element, ...children: Child[]): void {
  for (const child of children) {
    if (child === null || child === undefined || child === false) continue;
    el.append(typeof child === 'string' ? document.createTextNode(child) : child);
  }
}

/** A codicon, hidden from screen readers (the control it sits in carries the name). */
export function icon(name: string, extraClass = ''): HTMLSpanElement {
  return h('span', { class: `codicon codicon-${name}${extraClass ? ` ${extraClass}` : ''}`, 'aria-hidden': 'true' });
}

/** A button showing only an icon: the accessible name and the tooltip are the label. */
export function iconButton(name: string, label: string, attrs: Readonly<Record<string, AttrValue>> = {}): HTMLButtonElement {
  return h('button', { type: 'button', class: 'icon-button', 'aria-label': label, title: label, ...attrs }, icon(name));
}

export function clear(el: Element): void {
  el.replaceChildren();
}

let idCounter = 0;
export function uniqueId(prefix: string): string {
  idCounter += 1;
  return `${prefix}-${idCounter}`;
}

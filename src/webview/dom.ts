// Building DOM without markup strings: text always goes in as text nodes and attributes
// through setAttribute, so nothing the API sends can become HTML.
import { CODICON_PATHS } from './codiconPaths';
import type { CodiconName } from './codicons';

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

const SVG_NS = 'http://www.w3.org/2000/svg';

/** A codicon, hidden from screen readers (the control it sits in carries the name). */
export function icon(name: CodiconName, extraClass = ''): HTMLSpanElement {
  const span = h('span', { 'aria-hidden': 'true' });
  setIcon(span, name, extraClass);
  return span;
}

/** Shows another codicon in a span made by `icon()`. */
export function setIcon(span: HTMLSpanElement, name: CodiconName, extraClass = ''): void {
  span.className = `codicon codicon-${name}${extraClass ? ` ${extraClass}` : ''}`;
  // An inline SVG (the path data is in the bundle): nothing is loaded, so the CSP stays as it is.
  const svg = document.createElementNS(SVG_NS, 'svg');
  setAttrs(svg, { viewBox: '0 0 16 16', fill: 'currentColor', focusable: 'false' });
  for (const [d, evenOdd] of CODICON_PATHS[name]) {
    const path = document.createElementNS(SVG_NS, 'path');
    setAttrs(path, { d, 'fill-rule': evenOdd ? 'evenodd' : undefined, 'clip-rule': evenOdd ? 'evenodd' : undefined });
    svg.append(path);
  }
  span.replaceChildren(svg);
}

/** A button showing only an icon: the accessible name and the tooltip are the label. */
export function iconButton(name: CodiconName, label: string, attrs: Readonly<Record<string, AttrValue>> = {}): HTMLButtonElement {
  return h('button', { type: 'button', class: 'icon-button', 'aria-label': label, title: label, ...attrs }, icon(name));
}

let idCounter = 0;
export function uniqueId(prefix: string): string {
  idCounter += 1;
  return `${prefix}-${idCounter}`;
}

/**
 * Whether motion should be kept to a minimum: VS Code's `workbench.reduceMotion` (the
 * webview's body then has `vscode-reduce-motion`, which follows the system under `auto`) or
 * the system's setting as the webview sees it. Read when needed: either can change.
 */
export function prefersReducedMotion(): boolean {
  return document.body.classList.contains('vscode-reduce-motion') || (window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false);
}

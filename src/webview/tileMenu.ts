// A tile's menu opened from a button (the tile's …, the preview's …) as a right-click opens
// it: VS Code's webview shows its `webview/context` menu for a `contextmenu` event, with the
// `data-vscode-context` of the element and its ancestors (a tile's key only), at the event's
// position. Shift+F10 and the context-menu key on a focused tile make that event themselves.
export function openTileMenu(from: HTMLElement): void {
  const box = from.getBoundingClientRect();
  from.dispatchEvent(new MouseEvent('contextmenu', { bubbles: true, cancelable: true, clientX: Math.round(box.left), clientY: Math.round(box.bottom) }));
}

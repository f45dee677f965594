// A tile's menu opened from a button (the tile's …, the preview's …) as a right-click opens
// it: VS Code's webview shows its `webview/context` menu for a `contextmenu` event, with the
// `data-vscode-context` of the element and its ancestors (a tile's key only), at the event's
// position. Shift+F10 and the context-menu key on a focused tile make that event themselves.

/**
 * The `data-vscode-context` of a tile and of the preview's actions: the key only (the host
 * finds the media) and, in choose mode, `stockMediaChoosing` (package.json shows Choose then).
 */
export function tileMenuContext(key: string, choosing: boolean): string {
  return JSON.stringify({ webviewSection: 'tile', key, ...(choosing ? { stockMediaChoosing: true } : {}), preventDefaultContextMenuItems: true });
}

export function openTileMenu(from: HTMLElement): void {
  const box = from.getBoundingClientRect();
  from.dispatchEvent(new MouseEvent('contextmenu', { bubbles: true, cancelable: true, clientX: Math.round(box.left), clientY: Math.round(box.bottom) }));
}

/**
 * Enter on a … button below `root` opens its menu (`open`: VS Code's, unless told) when the key
 * comes up, not when it goes down (a button's click): VS Code's menu runs its focused item when
 * Enter comes up, so a menu opened on the way down could run its first item at once (and the
 * tile's own menu would get the key coming up). Space clicks the button on the way up already;
 * a mouse click opens the menu as before.
 */
export function openMenuOnEnterUp(root: HTMLElement, isMenuButton: (element: HTMLElement) => boolean, open: (button: HTMLElement) => void = openTileMenu): void {
  let pressed: HTMLElement | undefined;
  root.addEventListener('keydown', (event) => {
    const target = event.target;
    if (event.key !== 'Enter' || !(target instanceof HTMLElement) || !isMenuButton(target)) return;
    // No click on the way down.
    event.preventDefault();
    if (!event.repeat) pressed = target;
  });
  root.addEventListener('keyup', (event) => {
    if (event.key !== 'Enter' || event.target !== pressed || pressed === undefined) return;
    const button = pressed;
    pressed = undefined;
    open(button);
  });
  // Enter went down here and came up elsewhere (focus moved): nothing opens.
  root.addEventListener('focusout', () => (pressed = undefined));
}

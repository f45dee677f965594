// A tile's More Actions menu, opened by its … button: the actions the tile's toolbar does not
// show (as VS Code's own toolbars keep their secondary actions behind "…"), drawn inside the
// tile so it covers no other tile. VS Code's context menu (right-click, Shift+F10) lists every
// action, but it is wider and taller than a tile and lies over the neighbours; this one is
// sized to the tile and placed under the button, and it works like VS Code's menus: the first
// item focused, Up/Down (wrapping), Home/End, an item's first letter, Enter or Space runs,
// Escape or Tab closes and gives the focus back to the … button, a click elsewhere closes.
import type { MoreTileAction } from '../shared/protocol';
import { MORE_TILE_ACTIONS } from '../shared/protocol';
import type { GridStrings } from '../shared/strings';
import { h } from './dom';

/** Space kept between the menu and the tile's edges (px). */
const INSET = 6;

/** A menu item: the actions the toolbar does not show, then Star or Unstar. */
type MenuAction = MoreTileAction | 'star' | 'unstar';

const LABELS: Record<MenuAction, (s: GridStrings) => string> = {
  insertAs: (s) => s.insertAs,
  saveAndInsert: (s) => s.saveAndInsert,
  setCoverImage: (s) => s.setCoverImage,
  setCoverImageAs: (s) => s.setCoverImageAs,
  star: (s) => s.star,
  unstar: (s) => s.unstar,
};

/** The open menu inside `tile`, if any. */
export function moreMenuOf(tile: Element): HTMLElement | null {
  return tile.querySelector<HTMLElement>(':scope > .tile-menu');
}

/** Closes the menu of `tile`; with `refocus`, the focus goes back to the … button that opened it. */
export function closeMoreMenu(tile: Element, refocus: boolean): void {
  const menu = moreMenuOf(tile);
  if (!menu || menu.dataset.closing) return;
  // Removing the focused item fires focusout (which closes the menu) from inside remove():
  // the focus moves first, and the menu is closed once.
  menu.dataset.closing = 'true';
  const button = tile.querySelector<HTMLElement>('[aria-expanded="true"]');
  button?.setAttribute('aria-expanded', 'false');
  if (refocus) button?.focus({ preventScroll: true });
  menu.remove();
}

/**
 * Opens the More Actions menu of `tile` under its … `button`, inside the tile, the first item
 * focused, Star last (Unstar when `starred`); `run` gets the chosen action once the menu is closed.
 */
export function openMoreMenu(tile: HTMLElement, button: HTMLElement, strings: GridStrings, starred: boolean, run: (action: MenuAction) => void): void {
  for (const open of tile.ownerDocument.querySelectorAll('.tile-menu')) if (open.parentElement) closeMoreMenu(open.parentElement, false);
  const menu = h('div', { class: 'tile-menu', role: 'menu', 'aria-label': strings.tileMoreActions });
  const actions: readonly MenuAction[] = [...MORE_TILE_ACTIONS, starred ? 'unstar' : 'star'];
  const items = actions.map((action) => {
    const label = LABELS[action](strings);
    return h('div', { class: 'tile-menu-item', role: 'menuitem', tabindex: '-1', 'data-menu-action': action, title: label }, label);
  });
  menu.append(...items);
  tile.append(menu);
  place(menu, tile, button);
  // A tile at the edge of the view scrolls until the whole menu shows.
  menu.scrollIntoView({ block: 'nearest', inline: 'nearest' });
  button.setAttribute('aria-expanded', 'true');

  const choose = (item: HTMLElement | undefined): void => {
    const action = item?.dataset.menuAction as MenuAction | undefined;
    if (!action) return;
    closeMoreMenu(tile, true);
    run(action);
  };
  const focusAt = (index: number): void => items[(index + items.length) % items.length]?.focus({ preventScroll: false });
  const current = (): number => items.findIndex((item) => item === tile.ownerDocument.activeElement);
  const onKey = (event: KeyboardEvent): boolean => {
    const key = event.key;
    if (key === 'ArrowDown') focusAt(current() + 1);
    else if (key === 'ArrowUp') focusAt(current() < 0 ? -1 : current() - 1);
    else if (key === 'Home' || key === 'PageUp') focusAt(0);
    else if (key === 'End' || key === 'PageDown') focusAt(-1);
    else if (key === 'Enter' || key === ' ') choose(items[current()]);
    else if (key === 'Escape' || key === 'Tab') closeMoreMenu(tile, true);
    // No second menu (VS Code's) over this one.
    else if ((key === 'F10' && event.shiftKey) || key === 'ContextMenu') return true;
    else if (key.length === 1 && !event.ctrlKey && !event.metaKey && !event.altKey) {
      // The next item whose label starts with the letter, after the focused one.
      const start = current();
      const letter = key.toLocaleLowerCase();
      const next = items.findIndex((_, i) => items[(start + 1 + i) % items.length]?.textContent?.toLocaleLowerCase().startsWith(letter));
      if (next >= 0) focusAt(start + 1 + next);
    } else return false;
    return true;
  };
  menu.addEventListener('keydown', (event) => {
    // The menu's keys stay here: the grid moves between tiles with the same arrows.
    event.stopPropagation();
    if (onKey(event)) event.preventDefault();
  });
  // A key released in the menu (Enter that opened it, coming up) does not reach the grid either.
  menu.addEventListener('keyup', (event) => event.stopPropagation());
  menu.addEventListener('click', (event) => {
    event.stopPropagation();
    choose((event.target as Element).closest<HTMLElement>('.tile-menu-item') ?? undefined);
  });
  menu.addEventListener('dblclick', (event) => event.stopPropagation());
  // No second menu (VS Code's, for the tile under it) over this one.
  menu.addEventListener('contextmenu', (event) => {
    event.preventDefault();
    event.stopPropagation();
  });
  menu.addEventListener('mousemove', (event) => {
    const item = (event.target as Element).closest<HTMLElement>('.tile-menu-item');
    if (item && item !== tile.ownerDocument.activeElement) item.focus({ preventScroll: true });
  });
  menu.addEventListener('focusout', (event) => {
    const to = event.relatedTarget as Node | null;
    if (to === button) return;
    if (!to || !menu.contains(to)) closeMoreMenu(tile, false);
  });
  items[0]?.focus({ preventScroll: true });
}

/** Under the button, its right edge at the button's, within the tile's box (scrolling if the tile is very small). */
function place(menu: HTMLElement, tile: HTMLElement, button: HTMLElement): void {
  const box = tile.getBoundingClientRect();
  const anchor = button.getBoundingClientRect();
  const top = Math.max(INSET, Math.round(anchor.bottom - box.top + 2));
  const right = Math.max(INSET, Math.round(box.right - anchor.right));
  menu.style.top = `${top}px`;
  menu.style.right = `${right}px`;
  menu.style.maxWidth = `${Math.max(0, Math.floor(box.width - right - INSET))}px`;
  // Down to the tile's edge, but for a hair: its five items fit a tile's height.
  menu.style.maxHeight = `${Math.max(0, Math.floor(box.height - top - INSET / 2))}px`;
}

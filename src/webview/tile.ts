// One result tile: its picture (or a video playing under the pointer), its credit and its
// buttons. Tiles are made from GridItems whenever they scroll into view (results.ts); the
// buttons only when a tile is first pointed at, focused or given the tab stop, so a
// screenful of tiles costs a third fewer DOM nodes.
import type { GridItem } from '../core/tiles';
import type { TileAction } from '../shared/protocol';
import type { GridStrings } from '../shared/strings';
import { format, formatDuration } from '../shared/strings';
import type { CodiconName } from './codicons';
import { h, icon, iconButton, prefersReducedMotion } from './dom';
import { tileMenuContext } from './tileMenu';

/** 'choose': the tile's media is the person's choice, in choose mode (the agent waits for it). */
export type TileCommand = TileAction | 'preview' | 'choose';

/** The tile's last button: opens the tile's More Actions menu, inside the tile (tileMoreMenu.ts). */
export const MENU_COMMAND = 'menu';

interface TileButton {
  command: TileCommand;
  icon: CodiconName;
  label: (s: GridStrings) => string;
}

/** In choose mode the first button chooses instead of inserting. */
const CHOOSE_BUTTON: TileButton = { command: 'choose', icon: 'check', label: (s) => s.choose };

const TILE_BUTTONS: readonly TileButton[] = [
  { command: 'insert', icon: 'insert', label: (s) => s.insert },
  { command: 'preview', icon: 'eye', label: (s) => s.preview },
  { command: 'copyUrl', icon: 'link', label: (s) => s.copyUrl },
  { command: 'copyCredit', icon: 'quote', label: (s) => s.copyCredit },
  { command: 'openOnService', icon: 'link-external', label: (s) => format(s.openOnService, s.serviceName) },
];

export interface TileSetting {
  readonly index: number;
  /** Whether the tile holds the grid's tab stop. */
  readonly active: boolean;
  /** The total for aria-setsize (-1: unknown). */
  readonly setSize: number;
  /** The id of the keyboard hint every tile is described by. */
  readonly hintId: string;
  readonly strings: GridStrings;
  readonly numbers: Intl.NumberFormat;
  /** Choose mode: the tile's first button is Choose. */
  readonly choosing: boolean;
  /** Starred by the user: a star on the picture says so. */
  readonly starred: boolean;
}

export function createTile(item: GridItem, setting: TileSetting): HTMLElement {
  const { index, active, strings: s, numbers } = setting;
  const kindName = item.kind === 'photo' ? s.untitledPhoto : s.untitledVideo;
  const description = item.description || kindName;
  const size = format(s.dimensions, numbers.format(item.width), numbers.format(item.height));
  const duration = item.duration !== null ? formatDuration(item.duration) : '';
  const label = [format(s.tileLabel, description, item.credit, size), duration ? format(s.durationLabel, duration) : '']
    .filter(Boolean)
    .join(', ');
  const tile = h('div', {
    role: 'listitem',
    class: `tile tile-${item.kind}`,
    tabindex: active ? '0' : '-1',
    'data-index': String(index),
    'data-key': item.key,
    // The right-click menu (package.json webview/context).
    'data-vscode-context': tileMenuContext(item.key, setting.choosing),
    'aria-label': label,
    'aria-haspopup': 'menu',
    'aria-posinset': String(index + 1),
    'aria-setsize': String(setting.setSize),
    'aria-describedby': setting.hintId,
    'data-choosing': setting.choosing,
  });

  // The alt text on hover: a property, so it stays text whatever the service wrote.
  if (item.description) tile.title = item.description;
  const thumb = h('div', { class: 'thumb' });
  if (item.color) thumb.style.backgroundColor = item.color;
  const fallback = (): HTMLSpanElement => icon(item.kind === 'photo' ? 'file-media' : 'device-camera-video', 'thumb-fallback');
  if (item.thumb) {
    const img = h('img', { alt: description, loading: 'lazy', decoding: 'async', draggable: 'false' });
    img.addEventListener('load', () => img.classList.add('loaded'), { once: true });
    img.addEventListener('error', () => {
      img.remove();
      thumb.append(fallback());
    }, { once: true });
    img.src = item.thumb;
    thumb.append(img);
  } else {
    thumb.append(fallback());
  }
  if (item.kind === 'video') {
    thumb.append(h('span', { class: 'badge duration', 'aria-hidden': 'true' }, icon('play'), duration));
  }
  tile.dataset.label = label;
  setTileStarred(tile, setting.starred, s, thumb);
  const caption = h('div', { class: 'caption' });
  const by = format(item.kind === 'photo' ? s.photoBy : s.videoBy, '');
  if (item.creditUrl) {
    caption.append(
      h('a', {
        class: 'credit',
        href: item.creditUrl,
        'data-command': 'openPhotographer',
        tabindex: active ? '0' : '-1',
        title: format(s.creditLinkLabel, item.credit, s.serviceName),
        'aria-label': format(s.creditLinkLabel, item.credit, s.serviceName),
      }, item.credit),
    );
  } else {
    caption.append(h('span', { class: 'credit' }, item.credit));
  }
  caption.title = `${by.trim()} ${item.credit}`.trim();
  tile.append(thumb, caption);
  if (active) addActions(tile, s, true);
  tile.addEventListener('mouseenter', () => {
    addActions(tile, s, tile.tabIndex === 0);
    startHoverVideo(tile, item);
  });
  tile.addEventListener('mouseleave', () => {
    if (!tile.contains(document.activeElement)) stopHoverVideo(tile);
  });
  return tile;
}

/**
 * Shows whether the tile's media is starred: a star in the picture's corner, and "Starred" at
 * the end of what a screen reader hears. Changed in place when it is starred or unstarred.
 */
export function setTileStarred(tile: HTMLElement, starred: boolean, s: GridStrings, thumb = tile.querySelector<HTMLElement>('.thumb')): void {
  const badge = tile.querySelector('.badge.star');
  if (starred && !badge) thumb?.append(h('span', { class: 'badge star', title: s.starredTitle, 'aria-hidden': 'true' }, icon('star-full')));
  if (!starred) badge?.remove();
  const label = tile.dataset.label ?? '';
  tile.setAttribute('aria-label', starred ? `${label}, ${s.starredTitle}` : label);
}

/** Adds a tile's action buttons once. */
export function addActions(tile: HTMLElement, s: GridStrings, active: boolean): void {
  const thumb = tile.querySelector('.thumb');
  if (!thumb || thumb.querySelector('.tile-actions')) return;
  const actions = h('div', { class: 'tile-actions' });
  const buttons = tile.dataset.choosing === undefined ? TILE_BUTTONS : [CHOOSE_BUTTON, ...TILE_BUTTONS.slice(1)];
  for (const b of buttons) {
    actions.append(iconButton(b.icon, b.label(s), { 'data-command': b.command, tabindex: active ? '0' : '-1' }));
  }
  actions.append(iconButton('ellipsis', s.tileMoreActions, { 'data-command': MENU_COMMAND, 'aria-haspopup': 'menu', 'aria-expanded': 'false', tabindex: active ? '0' : '-1' }));
  thumb.append(actions);
}

/** Gives the tile and its buttons and link the tab stop, or takes it away. */
export function setTabStops(tile: HTMLElement, active: boolean): void {
  tile.tabIndex = active ? 0 : -1;
  for (const el of tile.querySelectorAll<HTMLElement>('button, a')) el.tabIndex = active ? 0 : -1;
}

/** A video's preview plays, muted and looping, while the tile is pointed at or focused. */
export function startHoverVideo(tile: HTMLElement, item: GridItem): void {
  if (!item.hoverVideo || prefersReducedMotion()) return;
  const thumb = tile.querySelector('.thumb');
  if (!thumb || thumb.querySelector('video')) return;
  const video = h('video', { class: 'hover-video', muted: true, loop: true, playsinline: true, preload: 'auto', 'aria-hidden': 'true', tabindex: '-1' });
  video.muted = true;
  video.addEventListener('playing', () => video.classList.add('playing'));
  video.addEventListener('error', () => video.remove(), { once: true });
  video.src = item.hoverVideo.src;
  thumb.insertBefore(video, thumb.querySelector('.badge'));
  void video.play().catch(() => undefined);
}

export function stopHoverVideo(tile: HTMLElement): void {
  const video = tile.querySelector('video');
  if (!video) return;
  video.pause();
  video.removeAttribute('src');
  video.load();
  video.remove();
}

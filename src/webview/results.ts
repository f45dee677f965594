// The result tiles: a windowed grid (only the rows near the viewport are in the DOM, so a
// thousand results cost a few dozen elements), one tab stop with arrow-key movement
// (roving tabindex), and per-tile actions. Tiles are rebuilt from GridItems on demand
// (tile.ts); the browser's image cache makes that cheap when the user scrolls back.
import type { GridItem } from '../core/tiles';
import type { GridStrings } from '../shared/strings';
import { h, uniqueId } from './dom';
import type { GridLayout } from './layout';
import { computeLayout, isNavKey, moveIndex, nearEnd, scrollToReveal, tilePosition, visibleRange } from './layout';
import { addActions, createTile, MENU_COMMAND, setTabStops, setTileStarred, startHoverVideo, stopHoverVideo } from './tile';
import type { TileCommand } from './tile';
import { openMenuOnEnterUp, openTileMenu } from './tileMenu';
import { closeMoreMenu, moreMenuOf, openMoreMenu } from './tileMoreMenu';

export interface ResultsCallbacks {
  command(command: TileCommand, index: number): void;
  nearEnd(): void;
  focusChanged(index: number): void;
  scrolled(scrollTop: number): void;
}

export class ResultsGrid {
  readonly element: HTMLElement;
  private items: GridItem[] = [];
  private setSize = 0;
  private readonly rendered = new Map<number, HTMLElement>();
  /** The starred media's keys, as the host last said: a tile's … menu offers Star or Unstar. */
  private starred = new Set<string>();
  private focusIndex = 0;
  private layout: GridLayout = computeLayout(0, 0);
  private frame = 0;
  private readonly hintId: string;
  private readonly hint: HTMLElement;
  /** Choose mode: Enter and each tile's first button choose. */
  private choosing = false;

  constructor(
    private readonly scroller: HTMLElement,
    private readonly strings: GridStrings,
    private readonly numbers: Intl.NumberFormat,
    private readonly callbacks: ResultsCallbacks,
  ) {
    this.hintId = uniqueId('grid-hint');
    this.element = h('div', { class: 'grid', role: 'list', 'aria-label': strings.resultsLabel });
    this.hint = h('span', { id: this.hintId, class: 'visually-hidden' }, strings.keyboardHint);
    this.element.append(this.hint);
    this.element.addEventListener('click', (e) => this.onClick(e));
    this.element.addEventListener('dblclick', (e) => this.onDoubleClick(e));
    this.element.addEventListener('keydown', (e) => this.onKeyDown(e));
    openMenuOnEnterUp(this.element, (el) => el.dataset.command === MENU_COMMAND, (button) => this.toggleMoreMenu(button));
    this.element.addEventListener('focusin', (e) => this.onFocusIn(e));
    this.element.addEventListener('focusout', (e) => this.onFocusOut(e));
    this.scroller.addEventListener('scroll', () => {
      this.schedule();
      this.callbacks.scrolled(this.scroller.scrollTop);
    }, { passive: true });
    new ResizeObserver(() => this.schedule()).observe(this.scroller);
  }

  get count(): number {
    return this.items.length;
  }

  get activeIndex(): number {
    return this.focusIndex;
  }

  itemAt(index: number): GridItem | undefined {
    return this.items[index];
  }

  indexOfKey(key: string | null): number {
    return key === null ? -1 : this.items.findIndex((i) => i.key === key);
  }

  /** Enters or leaves choose mode: the tiles are made again with Choose as their first action. */
  setChoosing(on: boolean): void {
    if (on === this.choosing) return;
    this.choosing = on;
    this.hint.textContent = on ? this.strings.chooseKeyboardHint : this.strings.keyboardHint;
    const focused = this.hasFocus();
    for (const tile of this.rendered.values()) tile.remove();
    this.rendered.clear();
    this.renderNow();
    if (focused) this.focusActive();
  }

  /** `setSize`: the total the service said, or null when it said none (aria-setsize -1: unknown). */
  setItems(items: readonly GridItem[], setSize: number | null, focusIndex = 0): void {
    for (const tile of this.rendered.values()) tile.remove();
    this.rendered.clear();
    this.items = [...items];
    this.setSize = setSize === null ? -1 : Math.max(setSize, items.length);
    this.focusIndex = items.length === 0 ? 0 : Math.min(Math.max(0, focusIndex), items.length - 1);
    this.element.setAttribute('aria-busy', 'false');
    this.renderNow();
  }

  appendItems(items: readonly GridItem[], setSize: number | null): void {
    this.items.push(...items);
    const size = setSize === null ? -1 : Math.max(setSize, this.items.length);
    if (size !== this.setSize) {
      this.setSize = size;
      for (const tile of this.rendered.values()) tile.setAttribute('aria-setsize', String(size));
    }
    this.renderNow();
  }

  /** Moves keyboard focus to the active tile, scrolling it into view. */
  focusActive(): boolean {
    if (this.items.length === 0) return false;
    this.setActive(this.focusIndex, true);
    return true;
  }

  /** Whether focus is on a tile (or inside one). */
  hasFocus(): boolean {
    return this.element.contains(document.activeElement);
  }

  setScrollTop(top: number): void {
    this.scroller.scrollTop = top;
    this.renderNow();
  }

  schedule(): void {
    if (this.frame) return;
    this.frame = requestAnimationFrame(() => {
      this.frame = 0;
      this.renderNow();
    });
  }

  renderNow(): void {
    const width = this.element.clientWidth || this.scroller.clientWidth;
    const layout = computeLayout(width, this.items.length);
    const resized = layout.tileWidth !== this.layout.tileWidth || layout.columns !== this.layout.columns;
    this.layout = layout;
    this.element.style.height = `${layout.totalHeight}px`;
    const top = this.scroller.scrollTop - this.element.offsetTop;
    const viewport = this.scroller.clientHeight;
    const { start, end } = visibleRange(layout, this.items.length, top, viewport);
    const wanted = new Set<number>();
    for (let i = start; i < end; i++) wanted.add(i);
    // The focused tile stays in the DOM even when scrolled away, so focus is never lost.
    if (this.items.length > 0 && this.hasFocus()) wanted.add(this.focusIndex);

    for (const [index, tile] of this.rendered) {
      if (!wanted.has(index) || tile.dataset.key !== this.items[index]?.key) {
        tile.remove();
        this.rendered.delete(index);
      }
    }
    for (const index of wanted) {
      const tile = this.rendered.get(index);
      if (!tile) this.addTile(index);
      else if (resized) this.place(tile, index);
    }
    if (this.items.length > 0 && nearEnd(layout, Math.max(0, top), viewport)) this.callbacks.nearEnd();
  }

  private place(tile: HTMLElement, index: number): void {
    const { top, left } = tilePosition(this.layout, index);
    tile.style.transform = `translate(${left}px, ${top}px)`;
    tile.style.width = `${this.layout.tileWidth}px`;
    const thumb = tile.firstElementChild as HTMLElement | null;
    if (thumb) thumb.style.height = `${this.layout.imageHeight}px`;
  }

  /** Makes the tile of `index`, puts it in its place and into the DOM; undefined past the end. */
  private addTile(index: number): HTMLElement | undefined {
    const item = this.items[index];
    if (!item) return undefined;
    const tile = createTile(item, {
      index,
      active: index === this.focusIndex,
      setSize: this.setSize,
      hintId: this.hintId,
      strings: this.strings,
      numbers: this.numbers,
      choosing: this.choosing,
      starred: this.starred.has(item.key),
    });
    this.place(tile, index);
    this.rendered.set(index, tile);
    this.element.append(tile);
    return tile;
  }

  private tileOf(target: EventTarget | null): HTMLElement | null {
    return target instanceof Element ? target.closest<HTMLElement>('.tile') : null;
  }

  private indexOf(tile: HTMLElement): number {
    return Number(tile.dataset.index);
  }

  private onClick(event: MouseEvent): void {
    const tile = this.tileOf(event.target);
    if (!tile) return;
    const index = this.indexOf(tile);
    const commandEl = (event.target as Element).closest<HTMLElement>('[data-command]');
    if (commandEl) {
      // Links are opened by the host after it checks them, never by the webview navigating.
      event.preventDefault();
      this.setActive(index, false);
      if (commandEl.dataset.command === MENU_COMMAND) {
        this.toggleMoreMenu(commandEl);
        return;
      }
      this.callbacks.command(commandEl.dataset.command as TileCommand, index);
      return;
    }
    this.setActive(index, true);
  }

  /** The tile's … button: opens its More Actions menu inside the tile, or closes it. */
  private toggleMoreMenu(button: HTMLElement): void {
    const tile = this.tileOf(button);
    if (!tile) return;
    if (moreMenuOf(tile)) {
      closeMoreMenu(tile, true);
      return;
    }
    const index = this.indexOf(tile);
    const starred = this.starred.has(this.items[index]?.key ?? '');
    openMoreMenu(tile, button, this.strings, starred, (action) => this.callbacks.command(action, index));
  }

  setStarred(keys: readonly string[]): void {
    this.starred = new Set(keys);
    for (const [index, tile] of this.rendered) setTileStarred(tile, this.starred.has(this.items[index]?.key ?? ''), this.strings);
  }

  private onDoubleClick(event: MouseEvent): void {
    const tile = this.tileOf(event.target);
    if (!tile || (event.target as Element).closest('[data-command]')) return;
    this.callbacks.command('preview', this.indexOf(tile));
  }

  private onKeyDown(event: KeyboardEvent): void {
    const tile = this.tileOf(event.target);
    if (!tile || event.altKey || event.ctrlKey || event.metaKey) return;
    // Shift+F10 and the context-menu key open the tile's menu, from the tile or its buttons.
    // Made here (the browser's own event is then prevented), so it is one menu every time.
    if ((event.key === 'F10' && event.shiftKey) || event.key === 'ContextMenu') {
      event.preventDefault();
      openTileMenu(event.target instanceof HTMLElement ? event.target : tile);
      return;
    }
    // Keys on the tile's own buttons and link do what those do.
    if (event.target !== tile) return;
    const index = this.indexOf(tile);
    if (isNavKey(event.key)) {
      event.preventDefault();
      const rowsPerPage = Math.max(1, Math.floor(this.scroller.clientHeight / this.layout.rowStride));
      const next = moveIndex(index, event.key, this.layout.columns, this.items.length, rowsPerPage);
      if (next >= 0) this.setActive(next, true);
    } else if (event.key === 'Enter') {
      event.preventDefault();
      this.callbacks.command(this.choosing ? 'choose' : 'insert', index);
    } else if (event.key === ' ') {
      event.preventDefault();
      this.callbacks.command('preview', index);
    }
  }

  private onFocusIn(event: FocusEvent): void {
    const tile = this.tileOf(event.target);
    if (!tile) return;
    const index = this.indexOf(tile);
    if (index !== this.focusIndex) this.setActive(index, false);
    const item = this.items[index];
    if (item) startHoverVideo(tile, item);
    addActions(tile, this.strings, tile.tabIndex === 0);
  }

  private onFocusOut(event: FocusEvent): void {
    const tile = this.tileOf(event.target);
    if (!tile || tile.contains(event.relatedTarget as Node | null)) return;
    if (!tile.matches(':hover')) stopHoverVideo(tile);
  }

  /** Makes `index` the tile with the tab stop; with `focus`, also scrolls to it and focuses it. */
  setActive(index: number, focus: boolean): void {
    if (index < 0 || index >= this.items.length) return;
    const previous = this.rendered.get(this.focusIndex);
    this.focusIndex = index;
    if (previous) setTabStops(previous, false);
    if (focus) {
      const top = scrollToReveal(this.layout, index, Math.max(0, this.scroller.scrollTop - this.element.offsetTop), this.scroller.clientHeight);
      this.scroller.scrollTop = top + this.element.offsetTop;
    }
    this.renderNow();
    const tile = this.rendered.get(index) ?? this.addTile(index);
    if (!tile) return;
    addActions(tile, this.strings, true);
    setTabStops(tile, true);
    if (focus) tile.focus({ preventScroll: true });
    this.callbacks.focusChanged(index);
  }
}

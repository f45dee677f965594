// The larger preview (Space on a tile): the image at a large size, or the video playing,
// with its credit, its size and the tile's actions. A modal <dialog>: Escape closes it
// and focus goes back to the tile it came from.
import type { GridItem } from '../core/tiles';
import type { GridStrings } from '../shared/strings';
import { format, formatDuration } from '../shared/strings';
import type { CodiconName } from './codicons';
import { h, icon, iconButton, prefersReducedMotion, uniqueId } from './dom';
import type { TileCommand } from './tile';
import { openMenuOnEnterUp, openTileMenu, tileMenuContext } from './tileMenu';

export interface PreviewCallbacks {
  command(command: TileCommand, item: GridItem): void;
  closed(item: GridItem): void;
  /** Choose mode: the primary button chooses instead of inserting. */
  choosing(): boolean;
}

export class Preview {
  readonly element: HTMLDialogElement;
  private readonly media: HTMLElement;
  private readonly title: HTMLElement;
  private readonly meta: HTMLElement;
  private readonly credit: HTMLElement;
  private readonly actions: HTMLElement;
  private item: GridItem | undefined;

  constructor(
    private readonly strings: GridStrings,
    private readonly numbers: Intl.NumberFormat,
    private readonly callbacks: PreviewCallbacks,
  ) {
    const titleId = uniqueId('preview-title');
    this.title = h('h2', { id: titleId, class: 'preview-title' });
    const close = iconButton('close', strings.closePreview, { class: 'icon-button preview-close' });
    close.addEventListener('click', () => this.close());
    this.media = h('div', { class: 'preview-media' });
    this.credit = h('div', { class: 'preview-credit' });
    this.meta = h('div', { class: 'preview-meta' });
    this.actions = h('div', { class: 'preview-actions' });
    this.element = h(
      'dialog',
      { class: 'preview', 'aria-labelledby': titleId },
      h('div', { class: 'preview-header' }, this.title, close),
      this.media,
      h('div', { class: 'preview-footer' }, h('div', { class: 'preview-info' }, this.credit, this.meta), this.actions),
    );
    this.element.addEventListener('close', () => {
      this.stopVideo();
      const item = this.item;
      this.item = undefined;
      if (item) this.callbacks.closed(item);
    });
    // A click on the backdrop (outside the dialog's box) closes it too.
    this.element.addEventListener('click', (event) => {
      if (event.target === this.element) this.close();
    });
    this.element.addEventListener('keydown', (event) => {
      if (event.key === ' ' && event.target === this.element) {
        event.preventDefault();
        this.close();
      }
    });
  }

  get isOpen(): boolean {
    return this.element.open;
  }

  open(item: GridItem): void {
    const s = this.strings;
    this.item = item;
    const kindName = item.kind === 'photo' ? s.untitledPhoto : s.untitledVideo;
    this.title.textContent = item.description || kindName;
    this.stopVideo();
    this.media.replaceChildren();
    if (item.kind === 'video' && item.playVideo) {
      // Under reduced motion the video waits for its play button, showing its poster.
      const still = prefersReducedMotion();
      const video = h('video', {
        class: 'preview-video',
        controls: true,
        autoplay: !still,
        muted: true,
        loop: !still,
        playsinline: true,
        preload: still ? 'metadata' : 'auto',
        'aria-label': this.title.textContent,
      });
      video.muted = true;
      if (item.large) video.poster = item.large;
      video.src = item.playVideo.src;
      this.media.append(video);
      if (!still) void video.play().catch(() => undefined);
    } else if (item.large) {
      const img = h('img', { class: 'preview-image', alt: item.description || kindName, decoding: 'async' });
      if (item.color) img.style.backgroundColor = item.color;
      if (item.large2x) img.srcset = `${item.large} 1x, ${item.large2x} 2x`;
      img.src = item.large;
      this.media.append(img);
    } else {
      this.media.append(icon(item.kind === 'photo' ? 'file-media' : 'device-camera-video', 'thumb-fallback'));
    }

    const by = format(item.kind === 'photo' ? s.photoBy : s.videoBy, '\u0000').split('\u0000');
    const creditLink = item.creditUrl
      ? h('a', { href: item.creditUrl, class: 'credit', 'data-command': 'openPhotographer' }, item.credit)
      : h('span', { class: 'credit' }, item.credit);
    creditLink.addEventListener('click', (event) => {
      event.preventDefault();
      this.callbacks.command('openPhotographer', item);
    });
    this.credit.replaceChildren(by[0] ?? '', creditLink, by[1] ?? '');
    const size = format(s.dimensions, this.numbers.format(item.width), this.numbers.format(item.height));
    this.meta.textContent = item.duration !== null ? `${size} · ${formatDuration(item.duration)}` : size;

    this.actions.replaceChildren();
    const primary: TileCommand = this.callbacks.choosing() ? 'choose' : 'insert';
    const insert = h('button', { type: 'button', class: 'button primary' }, icon(primary === 'choose' ? 'check' : 'insert'), h('span', {}, primary === 'choose' ? s.choose : s.insert));
    insert.addEventListener('click', () => this.callbacks.command(primary, item));
    this.actions.append(insert);
    const secondary: [TileCommand, CodiconName, string][] = [
      ['copyUrl', 'link', s.copyUrl],
      ['copyCredit', 'quote', s.copyCredit],
      ['openOnService', 'link-external', format(s.openOnService, s.serviceName)],
    ];
    for (const [command, iconName, label] of secondary) {
      const button = iconButton(iconName, label);
      button.addEventListener('click', () => this.callbacks.command(command, item));
      this.actions.append(button);
    }
    // The tile's menu (Insert as…, Save into Workspace and Insert…) from here too: the same
    // context as the tile's, its key only.
    this.actions.dataset.vscodeContext = tileMenuContext(item.key, this.callbacks.choosing());
    const more = iconButton('ellipsis', s.moreActions, { 'aria-haspopup': 'menu' });
    more.addEventListener('click', () => openTileMenu(more));
    openMenuOnEnterUp(more, (el) => el === more);
    this.actions.append(more);
    if (!this.element.open) this.element.showModal();
    insert.focus();
  }

  close(): void {
    if (this.element.open) this.element.close();
  }

  private stopVideo(): void {
    for (const video of this.media.querySelectorAll('video')) {
      video.pause();
      video.removeAttribute('src');
      video.load();
    }
  }
}

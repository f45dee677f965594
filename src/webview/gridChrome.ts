// What the grid says around its tiles: the progress bar, the count and the skipped note above
// them, the message in their place (start, empty, error, quota used up), the notice above
// tiles kept from an earlier search, the footer below them (loading more, a failed page, the
// end), the toast of a failed action, and, while the agent waits for the person to choose, its
// prompt above everything (the model's words, as text) with Cancel. Drawn from the session's
// state on every change.
import type { ErrorAction } from '../core/describe';
import { pluralOf } from '../core/l10n';
import type { GridForm } from '../core/searchForm';
import type { GridFailure } from '../core/tiles';
import type { SearchProgress } from '../shared/protocol';
import type { GridStrings } from '../shared/strings';
import { format } from '../shared/strings';
import type { CodiconName } from './codicons';
import { h, icon } from './dom';

const TOAST_MS = 5_000;

/** The state the chrome is drawn from. */
export interface ChromeView extends SearchProgress {
  /** The results the grid holds (shown or kept). */
  count: number;
  /** Whether the toolbar's filters differ from the defaults (Reset Filters is offered for no results). */
  filtered: boolean;
}

export interface ChromeActions {
  browse(kind: GridForm['kind']): void;
  resetFilters(): void;
  errorAction(action: ErrorAction, forMore: boolean): void;
  openService(): void;
  /** Cancel in the choose mode's prompt: the person stops choosing. */
  stopChoosing(): void;
}

export class GridChrome {
  readonly progress: HTMLElement;
  readonly statusLine: HTMLElement;
  /** In place of the tiles. */
  readonly message: HTMLElement;
  /** Above the kept tiles: why they are not the new search's (the service could not be reached), with Retry. */
  readonly notice: HTMLElement;
  /** Below the tiles. */
  readonly footer: HTMLElement;
  readonly toast: HTMLElement;
  /** Above the toolbar while the agent waits for a choice: what the person is choosing for. */
  readonly choosePrompt: HTMLElement;
  private readonly promptText: HTMLElement;
  private readonly total: HTMLElement;
  /** Says how many results the service sent that could not be read (they are not shown). */
  private readonly skippedNote: HTMLElement;
  private toastTimer: ReturnType<typeof setTimeout> | undefined;

  constructor(
    private readonly strings: GridStrings,
    private readonly lang: string,
    private readonly numbers: Intl.NumberFormat,
    private readonly actions: ChromeActions,
  ) {
    const s = strings;
    this.progress = h('div', { class: 'progress', role: 'progressbar', 'aria-label': s.loading, hidden: true }, h('div', { class: 'progress-bit' }));
    this.total = h('div', { class: 'total', 'aria-live': 'polite' });
    const attribution = h('a', { class: 'attribution', href: s.serviceUrl }, format(s.providedBy, s.serviceName));
    attribution.addEventListener('click', (event) => {
      event.preventDefault();
      this.actions.openService();
    });
    this.skippedNote = h('div', { class: 'skipped', role: 'status', hidden: true });
    this.statusLine = h('div', { class: 'status-line' }, this.total, this.skippedNote, attribution);
    this.message = h('div', { class: 'message', hidden: true });
    this.notice = h('div', { class: 'notice', role: 'alert', hidden: true });
    this.footer = h('div', { class: 'footer' });
    this.toast = h('div', { class: 'toast', role: 'status', hidden: true });
    this.promptText = h('span', { class: 'choose-prompt-text' });
    const cancel = h('button', { type: 'button', class: 'button secondary', 'data-action': 'stopChoosing' }, h('span', {}, s.chooseCancel));
    cancel.addEventListener('click', () => this.actions.stopChoosing());
    this.choosePrompt = h(
      'div',
      { class: 'choose-prompt', role: 'region', 'aria-label': s.chooseTitle, hidden: true },
      icon('check', 'choose-prompt-icon'),
      h('div', { class: 'choose-prompt-body' }, h('strong', {}, s.chooseTitle), this.promptText),
      cancel,
    );
  }

  /** Shows the choose mode's prompt (as text: it is the model's), or hides it (null). */
  setChoosing(prompt: string | null): void {
    this.promptText.textContent = prompt ?? '';
    this.choosePrompt.hidden = prompt === null;
  }

  showToast(text: string): void {
    this.toast.textContent = text;
    this.toast.hidden = false;
    clearTimeout(this.toastTimer);
    this.toastTimer = setTimeout(() => {
      this.toast.hidden = true;
    }, TOAST_MS);
  }

  update(view: ChromeView): void {
    const s = this.strings;
    this.progress.hidden = !(view.status === 'loading' || view.more === 'loading');
    this.total.textContent = this.totalLine(view);
    const skipped = view.status === 'loaded' ? view.skipped : 0;
    this.skippedNote.hidden = skipped === 0;
    this.skippedNote.replaceChildren(
      ...(skipped === 0 ? [] : [icon('warning'), h('span', {}, format(pluralOf(this.lang, skipped, { one: s.skippedOne, other: s.skippedMany }), this.numbers.format(skipped)))]),
    );

    // Tiles of an earlier search, kept while the new one loads or could not be reached.
    const kept = view.status !== 'loaded' && view.count > 0;
    this.notice.replaceChildren();
    this.notice.hidden = !(kept && view.status === 'failed' && view.failure);
    if (kept && view.status === 'failed' && view.failure) {
      this.notice.append(
        icon('debug-disconnect', 'notice-icon'),
        h('div', { class: 'notice-text' }, h('strong', {}, format(s.offlineTitle, s.serviceName)), h('span', {}, view.failure.message), h('span', {}, s.keptResults)),
        this.actionButtons(view.failure, false),
      );
    }
    this.updateMessage(view, kept);
    this.updateFooter(view);
  }

  private countText(view: ChromeView): string {
    const s = this.strings;
    const n = view.totalResults;
    // No total from the service: only what is shown is counted, never claimed as the total.
    if (n === null) return format(pluralOf(this.lang, view.count, { one: s.shownOne, other: s.shownMany }), this.numbers.format(view.count));
    return format(pluralOf(this.lang, n, { one: s.resultOne, other: s.resultsMany }), this.numbers.format(n));
  }

  private totalLine(view: ChromeView): string {
    const s = this.strings;
    const spec = view.spec;
    if (view.status === 'loading') return s.loading;
    if (view.status !== 'loaded' || !spec) return '';
    switch (spec.mode) {
      case 'curated':
        return `${s.curatedTitle} · ${this.countText(view)}`;
      case 'popular':
        return `${s.popularTitle} · ${this.countText(view)}`;
      case 'single':
        return format(s.singleTitle, spec.kind === 'photo' ? s.untitledPhoto : s.untitledVideo, spec.id);
      case 'starred':
        return `${s.starredTitle} · ${this.countText(view)}`;
      case 'collection':
        return `${format(s.collectionTitle, spec.title || spec.id)} · ${this.countText(view)}`;
      case 'photos':
      case 'videos':
        return this.countText(view);
      default: {
        const never: never = spec;
        return String(never);
      }
    }
  }

  /** The message in place of tiles: how to start, why there are none, or what went wrong. */
  private updateMessage(view: ChromeView, kept: boolean): void {
    const s = this.strings;
    this.message.replaceChildren();
    let showMessage = true;
    if (view.status === 'idle') {
      const curated = h('button', { type: 'button', class: 'button secondary' }, icon('star-empty'), h('span', {}, s.curatedTitle));
      curated.addEventListener('click', () => this.actions.browse('photos'));
      const popular = h('button', { type: 'button', class: 'button secondary' }, icon('flame'), h('span', {}, s.popularTitle));
      popular.addEventListener('click', () => this.actions.browse('videos'));
      this.message.append(icon('search', 'message-icon'), h('p', {}, s.startHint), h('div', { class: 'message-actions' }, curated, popular));
    } else if (view.status === 'failed' && view.failure && !kept) {
      const kind = view.failure.kind;
      const [iconName, title]: [CodiconName, string] =
        kind === 'rateLimited'
          ? ['watch', s.quotaTitle]
          : kind === 'missingKey' || kind === 'unauthorized' || kind === 'forbidden'
            ? ['key', s.keyTitle]
            : kind === 'keyNotForOrigin'
              ? ['key', s.keyOriginTitle]
              : ['error', s.errorTitle];
      this.message.append(icon(iconName, 'message-icon'), h('h2', {}, title), h('p', {}, view.failure.message), this.actionButtons(view.failure, false));
    } else if (view.status === 'loaded' && view.count === 0) {
      const spec = view.spec;
      const query = spec && (spec.mode === 'photos' || spec.mode === 'videos') ? spec.query : '';
      if (spec?.mode === 'starred') this.message.append(icon('star-empty', 'message-icon'), h('h2', {}, s.starredTitle), h('p', {}, s.starredEmpty));
      else this.message.append(icon('search-stop', 'message-icon'), h('h2', {}, query ? format(s.noResultsFor, query) : s.noResults), h('p', {}, s.noResultsHint));
      // Filters narrowed the search to nothing: one button puts them back and searches again.
      if (spec && spec.mode !== 'single' && spec.mode !== 'collection' && spec.mode !== 'starred' && view.filtered) {
        const reset = h('button', { type: 'button', class: 'button primary', 'data-action': 'resetFilters' }, icon('clear-all'), h('span', {}, s.resetFilters));
        reset.addEventListener('click', () => this.actions.resetFilters());
        this.message.append(h('div', { class: 'message-actions' }, reset));
      }
    } else {
      showMessage = false;
    }
    this.message.hidden = !showMessage;
    this.message.classList.toggle('error', view.status === 'failed' && view.failure?.kind !== 'missingKey');
  }

  /** Under the tiles: loading more, a failed page, or the end. */
  private updateFooter(view: ChromeView): void {
    const s = this.strings;
    this.footer.replaceChildren();
    if (view.status !== 'loaded' || view.count === 0) return;
    if (view.more === 'loading') {
      this.footer.append(icon('loading', 'codicon-modifier-spin'), h('span', {}, s.loadingMore));
    } else if (view.more === 'failed' && view.moreFailure) {
      this.footer.append(icon('error'), h('span', {}, view.moreFailure.message), this.actionButtons(view.moreFailure, true));
    } else if (!view.hasMore && view.spec?.mode !== 'single') {
      this.footer.append(h('span', { class: 'end' }, s.endOfResults));
    }
  }

  private actionButtons(failure: GridFailure, forMore: boolean): HTMLElement {
    const s = this.strings;
    const labels: Record<ErrorAction, [string, CodiconName]> = {
      retry: [s.retry, 'refresh'],
      setApiKey: [s.setApiKey, 'key'],
      getApiKey: [s.getApiKey, 'link-external'],
      openSettings: [s.openSettings, 'settings-gear'],
      showQuota: [s.showQuota, 'dashboard'],
      checkKey: [format(s.checkKey, failure.origin ?? ''), 'key'],
    };
    const box = h('div', { class: 'message-actions' });
    failure.actions.forEach((action, i) => {
      const [label, iconName] = labels[action];
      const button = h('button', { type: 'button', class: `button ${i === 0 ? 'primary' : 'secondary'}`, 'data-action': action }, icon(iconName), h('span', {}, label));
      button.addEventListener('click', () => this.actions.errorAction(action, forMore));
      box.append(button);
    });
    return box;
  }
}

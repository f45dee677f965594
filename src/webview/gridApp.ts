// The grid webview: the toolbar, the result tiles, the states around them (start, empty,
// error, quota used up) and the preview, driven by the host's messages. The webview never
// calls the API: it asks the host to search and renders what the host sends.
//
// Quota: a toolbar change becomes a search only when the form is valid (a bad value is
// shown next to the field and nothing is sent), only once the user stops typing (text
// fields and keyboard-driven swatches are debounced), and only when it differs from the
// search already shown. The next page is asked for once, when the user nears the end.
import type { ErrorAction } from '../core/describe';
import type { SearchSpec } from '../core/search';
import { specKey } from '../core/search';
import { defaultForm, formFromSpec, hasFilters, resetFilters, validateForm } from '../core/searchForm';
import { defaultLocale } from '../core/locale';
import type { FormError, GridForm } from '../core/searchForm';
import type { GridFailure, GridItem, MoreStatus, SessionStatus } from '../core/tiles';
import { pluralOf } from '../core/l10n';
import { formErrorMessage } from './formMessages';
import type { GridSnapshot, GridViewState, SessionMessage, ToWebview } from '../shared/protocol';
import { isToWebview } from '../shared/protocol';
import type { GridStrings } from '../shared/strings';
import { format } from '../shared/strings';
import { numberFormat } from '../shared/numberFormat';
import { h, icon } from './dom';
import type { CodiconName } from './codicons';
import { Preview } from './preview';
import { ResultsGrid } from './results';
import type { TileCommand } from './tile';
import { Toolbar } from './toolbar';
import type { ChangeTrigger } from './toolbar';
import type { HostConnection } from './vscodeApi';

/** How long a text field must rest before its value is searched. */
export const TYPING_DEBOUNCE_MS = 600;
const SAVE_SCROLL_DELAY_MS = 200;
const TOAST_MS = 5_000;

export interface GridBootData {
  strings: GridStrings;
  initialState: GridViewState;
  lang: string;
}

interface Restore {
  spec: SearchSpec;
  scrollTop: number;
  focusKey: string | null;
}

export class GridApp {
  private form: GridForm;
  private spec: SearchSpec | null;
  private generation = -1;
  private status: SessionStatus = 'idle';
  /** Null when the service said no total. */
  private totalResults: number | null = 0;
  private hasMore = false;
  private more: MoreStatus = 'idle';
  private failure: GridFailure | null = null;
  private moreFailure: GridFailure | null = null;
  private debounce: ReturnType<typeof setTimeout> | undefined;
  private saveTimer: ReturnType<typeof setTimeout> | undefined;
  private toastTimer: ReturnType<typeof setTimeout> | undefined;
  private restore: Restore | null;
  private pendingFocus: boolean;
  private formErrors: string[] = [];

  private readonly strings: GridStrings;
  /** The toolbar's defaults for the user's language: what Reset Filters goes back to. */
  private readonly defaults: GridForm;
  private readonly numbers: Intl.NumberFormat;
  /** The display language: the plural rules of the translated strings. */
  private readonly lang: string;
  private readonly toolbar: Toolbar;
  private readonly grid: ResultsGrid;
  private readonly preview: Preview;
  /** The one photo or video whose preview was opened when it loaded (not again for each update). */
  private previewed: string | null = null;
  private readonly progress: HTMLElement;
  private readonly total: HTMLElement;
  /** Says how many results the service sent that could not be read (they are not shown). */
  private readonly skippedNote: HTMLElement;
  private skipped = 0;
  private readonly scroller: HTMLElement;
  private readonly message: HTMLElement;
  /** Above the kept tiles: why they are not the new search's (the service could not be reached), with Retry. */
  private readonly notice: HTMLElement;
  private readonly footer: HTMLElement;
  private readonly toast: HTMLElement;

  constructor(
    private readonly root: HTMLElement,
    private readonly host: HostConnection,
    boot: GridBootData,
  ) {
    const saved = host.savedState();
    const state = saved ?? boot.initialState;
    this.strings = boot.strings;
    this.lang = boot.lang;
    this.defaults = defaultForm(defaultLocale(boot.lang));
    this.form = state.form;
    this.spec = state.spec;
    this.restore = state.spec && (state.scrollTop > 0 || state.focusKey) ? { spec: state.spec, scrollTop: state.scrollTop, focusKey: state.focusKey } : null;
    // A grid a command has just opened takes the keyboard; a restored one keeps its place.
    this.pendingFocus = saved === null && state.spec !== null;
    this.numbers = numberFormat(boot.lang);
    const s = this.strings;

    this.toolbar = new Toolbar(s, boot.lang, this.form, { onChange: (form, trigger) => this.onFormChange(form, trigger) });
    this.progress = h('div', { class: 'progress', role: 'progressbar', 'aria-label': s.loading, hidden: true }, h('div', { class: 'progress-bit' }));
    this.total = h('div', { class: 'total', 'aria-live': 'polite' });
    const attribution = h('a', { class: 'attribution', href: s.serviceUrl }, format(s.providedBy, s.serviceName));
    attribution.addEventListener('click', (event) => {
      event.preventDefault();
      this.host.post({ type: 'openService' });
    });
    this.skippedNote = h('div', { class: 'skipped', role: 'status', hidden: true });
    const statusLine = h('div', { class: 'status-line' }, this.total, this.skippedNote, attribution);

    this.scroller = h('main', { class: 'scroller' });
    this.grid = new ResultsGrid(this.scroller, s, this.numbers, {
      command: (command, index) => this.onTileCommand(command, index),
      nearEnd: () => this.onNearEnd(),
      focusChanged: () => this.scheduleSave(),
      scrolled: () => this.scheduleSave(),
    });
    this.message = h('div', { class: 'message', hidden: true });
    this.notice = h('div', { class: 'notice', role: 'alert', hidden: true });
    this.footer = h('div', { class: 'footer' });
    this.scroller.append(this.message, this.grid.element, this.footer);
    this.preview = new Preview(s, this.numbers, {
      command: (command, item) => this.runCommand(command, item),
      closed: (item) => {
        const index = this.grid.indexOfKey(item.key);
        if (index >= 0) this.grid.setActive(index, true);
      },
    });
    this.toast = h('div', { class: 'toast', role: 'status', hidden: true });

    this.root.replaceChildren(this.progress, this.toolbar.element, statusLine, this.notice, this.scroller, this.preview.element, this.toast);
    this.root.setAttribute('aria-busy', 'false');
    this.updateChrome();

    window.addEventListener('message', (event: MessageEvent<unknown>) => {
      if (isToWebview(event.data)) this.onMessage(event.data);
    });
    this.host.post({ type: 'ready', state: saved ?? boot.initialState });
  }

  // ---- host messages ----------------------------------------------------------------------

  private onMessage(message: ToWebview): void {
    switch (message.type) {
      case 'session':
        this.onSession(message);
        return;
      case 'page':
        if (message.generation !== this.generation) return;
        this.totalResults = message.totalResults;
        this.skipped = message.skipped;
        this.hasMore = message.hasMore;
        this.more = 'idle';
        this.moreFailure = null;
        this.grid.appendItems(message.items, message.totalResults);
        this.updateChrome();
        return;
      case 'more':
        if (message.generation !== this.generation) return;
        this.more = message.status;
        this.moreFailure = message.status === 'failed' ? message.failure : null;
        this.updateChrome();
        return;
      case 'actionDone':
        if (!message.ok && message.message) this.showToast(message.message);
        return;
      case 'snapshotRequest':
        this.host.post({ type: 'snapshot', inReplyTo: message.id, snapshot: this.snapshot() });
        return;
      case 'press':
        (this.message.querySelector<HTMLButtonElement>(`button[data-action="${message.action}"]`) ??
          this.notice.querySelector<HTMLButtonElement>(`button[data-action="${message.action}"]`))?.click();
        return;
      case 'focus':
        if (!this.grid.focusActive()) {
          if (this.status === 'loading') this.pendingFocus = true;
          else this.toolbar.focusQuery();
        }
        return;
      default: {
        const never: never = message;
        console.warn('Unknown message', never);
      }
    }
  }

  private onSession(message: SessionMessage): void {
    this.generation = message.generation;
    this.spec = message.spec;
    this.status = message.status;
    this.totalResults = message.totalResults;
    this.skipped = message.skipped;
    this.hasMore = message.hasMore;
    this.more = message.more;
    this.failure = message.status === 'failed' ? message.failure : null;
    this.moreFailure = message.status !== 'failed' && message.more === 'failed' ? message.failure : null;
    if (message.syncForm && message.spec) {
      // A command chose this search: the results take the keyboard when they come.
      this.pendingFocus = true;
      clearTimeout(this.debounce);
      this.form = formFromSpec(message.spec, this.form);
      this.toolbar.set(this.form);
      this.setFormErrors([]);
    }
    if (message.keepItems) {
      // The tiles shown stay (an earlier search's): only what is said around them changes.
      if (this.preview.isOpen) this.preview.close();
      if (message.status === 'failed') this.pendingFocus = false;
      this.updateChrome();
      this.saveNow();
      return;
    }
    let focusIndex = 0;
    let scrollTop = 0;
    const restore = this.restore;
    if (restore && message.spec && specKey(restore.spec) === specKey(message.spec)) {
      if (message.items.length > 0) {
        focusIndex = Math.max(0, message.items.findIndex((i) => i.key === restore.focusKey));
        scrollTop = restore.scrollTop;
        this.restore = null;
      }
    } else if (message.status !== 'loading') {
      this.restore = null;
    }
    if (this.preview.isOpen) this.preview.close();
    this.grid.setItems(message.items, message.totalResults, focusIndex);
    this.grid.setScrollTop(scrollTop);
    this.updateChrome();
    if (message.items.length > 0 && (this.pendingFocus || (document.hasFocus() && document.activeElement === document.body))) {
      this.pendingFocus = false;
      this.grid.focusActive();
    } else if (message.status === 'failed') {
      this.pendingFocus = false;
    }
    // One photo or video opened by a command (a click in the Collections view, Open Photo or
    // Video): it is shown large straight away; closing the preview leaves its tile.
    const only = message.items.length === 1 ? message.items[0] : undefined;
    const single = message.spec?.mode === 'single' ? specKey(message.spec) : null;
    if (single === null || message.status === 'failed') this.previewed = null;
    else if (message.status === 'loaded' && only && single !== this.previewed) {
      this.previewed = single;
      this.preview.open(only);
    }
    this.saveNow();
  }

  // ---- user actions -----------------------------------------------------------------------

  private onFormChange(form: GridForm, trigger: ChangeTrigger): void {
    this.form = form;
    this.scheduleSave();
    clearTimeout(this.debounce);
    if (trigger.immediate) this.submit(trigger);
    else this.debounce = setTimeout(() => this.submit(trigger), TYPING_DEBOUNCE_MS);
  }

  private submit(trigger: ChangeTrigger): void {
    const result = validateForm(this.form);
    if (!result.ok) {
      // An empty query is only worth a word when the query is what the user just touched.
      const shown = result.errors.filter((e) => e.code !== 'emptyQuery' || trigger.field === 'query');
      this.setFormErrors(shown);
      return;
    }
    this.setFormErrors([]);
    // Enter on a query is the user's word that this is their search (typing that merely
    // paused is not): it joins the recent searches, even when it is already shown.
    const spec = result.spec;
    if (trigger.explicit && trigger.field === 'query' && (spec.mode === 'photos' || spec.mode === 'videos')) {
      this.host.post({ type: 'remember', kind: spec.mode, query: spec.query });
    }
    if (this.spec && specKey(spec) === specKey(this.spec) && this.status !== 'failed') return;
    this.search(spec);
  }

  private search(spec: SearchSpec): void {
    this.host.post({ type: 'search', spec });
  }

  private setFormErrors(errors: readonly FormError[]): void {
    const lines = errors.map((e) => ({ field: e.field, message: formErrorMessage(e, this.form, this.strings) }));
    this.formErrors = lines.map((l) => l.message);
    this.toolbar.showErrors(lines);
  }

  private onNearEnd(): void {
    if (this.status !== 'loaded' || !this.hasMore || this.more !== 'idle') return;
    this.more = 'loading';
    this.host.post({ type: 'loadMore', generation: this.generation });
    this.updateChrome();
  }

  private onTileCommand(command: TileCommand, index: number): void {
    const item = this.grid.itemAt(index);
    if (!item) return;
    if (command === 'preview') this.preview.open(item);
    else this.runCommand(command, item);
  }

  private runCommand(command: TileCommand, item: GridItem): void {
    if (command === 'preview') {
      this.preview.open(item);
      return;
    }
    this.host.post({ type: 'action', action: command, key: item.key });
  }

  private runErrorAction(action: ErrorAction, forMore: boolean): void {
    switch (action) {
      case 'retry':
        if (forMore) {
          this.more = 'idle';
          this.onNearEnd();
        } else if (this.spec) {
          this.search(this.spec);
        }
        return;
      case 'setApiKey':
      case 'getApiKey':
      case 'openSettings':
      case 'showQuota':
      case 'checkKey':
        this.host.post({ type: 'command', command: action });
        return;
      default: {
        const never: never = action;
        console.warn('Unknown action', never);
      }
    }
  }

  // ---- rendering around the tiles ---------------------------------------------------------

  private countText(): string {
    const s = this.strings;
    const n = this.totalResults;
    // No total from the service: only what is shown is counted, never claimed as the total.
    if (n === null) return format(pluralOf(this.lang, this.grid.count, { one: s.shownOne, other: s.shownMany }), this.numbers.format(this.grid.count));
    return format(pluralOf(this.lang, n, { one: s.resultOne, other: s.resultsMany }), this.numbers.format(n));
  }

  private totalText(): string {
    const s = this.strings;
    const spec = this.spec;
    if (this.status === 'loading') return s.loading;
    if (this.status !== 'loaded' || !spec) return '';
    switch (spec.mode) {
      case 'curated':
        return `${s.curatedTitle} · ${this.countText()}`;
      case 'popular':
        return `${s.popularTitle} · ${this.countText()}`;
      case 'single':
        return format(s.singleTitle, spec.kind === 'photo' ? s.untitledPhoto : s.untitledVideo, spec.id);
      case 'collection':
        return `${format(s.collectionTitle, spec.title || spec.id)} · ${this.countText()}`;
      case 'photos':
      case 'videos':
        return this.countText();
      default: {
        const never: never = spec;
        return String(never);
      }
    }
  }

  private updateChrome(): void {
    const s = this.strings;
    const loading = this.status === 'loading' || this.more === 'loading';
    this.progress.hidden = !loading;
    this.grid.element.setAttribute('aria-busy', String(loading));
    this.total.textContent = this.totalText();
    const skipped = this.status === 'loaded' ? this.skipped : 0;
    this.skippedNote.hidden = skipped === 0;
    this.skippedNote.replaceChildren(
      ...(skipped === 0 ? [] : [icon('warning'), h('span', {}, format(pluralOf(this.lang, skipped, { one: s.skippedOne, other: s.skippedMany }), this.numbers.format(skipped)))]),
    );

    // Tiles of an earlier search, kept while the new one loads or could not be reached.
    const kept = this.status !== 'loaded' && this.grid.count > 0;
    this.grid.element.classList.toggle('stale', kept);
    this.notice.replaceChildren();
    this.notice.hidden = !(kept && this.status === 'failed' && this.failure);
    if (kept && this.status === 'failed' && this.failure) {
      this.notice.append(
        icon('debug-disconnect', 'notice-icon'),
        h('div', { class: 'notice-text' }, h('strong', {}, format(s.offlineTitle, s.serviceName)), h('span', {}, this.failure.message), h('span', {}, s.keptResults)),
        this.actionButtons(this.failure, false),
      );
    }

    // The message in place of tiles.
    this.message.replaceChildren();
    let showMessage = true;
    if (this.status === 'idle') {
      const curated = h('button', { type: 'button', class: 'button secondary' }, icon('star-empty'), h('span', {}, s.curatedTitle));
      curated.addEventListener('click', () => this.browse('photos'));
      const popular = h('button', { type: 'button', class: 'button secondary' }, icon('flame'), h('span', {}, s.popularTitle));
      popular.addEventListener('click', () => this.browse('videos'));
      this.message.append(icon('search', 'message-icon'), h('p', {}, s.startHint), h('div', { class: 'message-actions' }, curated, popular));
    } else if (this.status === 'failed' && this.failure && !kept) {
      const kind = this.failure.kind;
      const [iconName, title]: [CodiconName, string] =
        kind === 'rateLimited'
          ? ['watch', s.quotaTitle]
          : kind === 'missingKey' || kind === 'unauthorized' || kind === 'forbidden'
            ? ['key', s.keyTitle]
            : kind === 'keyNotForOrigin'
              ? ['key', s.keyOriginTitle]
              : ['error', s.errorTitle];
      this.message.append(
        icon(iconName, 'message-icon'),
        h('h2', {}, title),
        h('p', {}, this.failure.message),
        this.actionButtons(this.failure, false),
      );
    } else if (this.status === 'loaded' && this.grid.count === 0) {
      const spec = this.spec;
      const query = spec && (spec.mode === 'photos' || spec.mode === 'videos') ? spec.query : '';
      this.message.append(icon('search-stop', 'message-icon'), h('h2', {}, query ? format(s.noResultsFor, query) : s.noResults), h('p', {}, s.noResultsHint));
      // Filters narrowed the search to nothing: one button puts them back and searches again.
      if (spec && spec.mode !== 'single' && spec.mode !== 'collection' && hasFilters(this.form, this.defaults)) {
        const reset = h('button', { type: 'button', class: 'button primary', 'data-action': 'resetFilters' }, icon('clear-all'), h('span', {}, s.resetFilters));
        reset.addEventListener('click', () => this.resetFilters());
        this.message.append(h('div', { class: 'message-actions' }, reset));
      }
    } else {
      showMessage = false;
    }
    this.message.hidden = !showMessage;
    this.message.classList.toggle('error', this.status === 'failed' && this.failure?.kind !== 'missingKey');

    // Under the tiles: loading more, a failed page, or the end.
    this.footer.replaceChildren();
    if (this.status === 'loaded' && this.grid.count > 0) {
      if (this.more === 'loading') {
        this.footer.append(icon('loading', 'codicon-modifier-spin'), h('span', {}, s.loadingMore));
      } else if (this.more === 'failed' && this.moreFailure) {
        this.footer.append(icon('error'), h('span', {}, this.moreFailure.message), this.actionButtons(this.moreFailure, true));
      } else if (!this.hasMore && this.spec?.mode !== 'single') {
        this.footer.append(h('span', { class: 'end' }, s.endOfResults));
      }
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
      button.addEventListener('click', () => this.runErrorAction(action, forMore));
      box.append(button);
    });
    return box;
  }

  private resetFilters(): void {
    this.form = resetFilters(this.form, this.defaults);
    this.toolbar.set(this.form);
    this.setFormErrors([]);
    this.submit({ field: 'browse', immediate: true, explicit: false });
  }

  private browse(kind: GridForm['kind']): void {
    this.form = { ...this.form, kind, browse: true };
    this.toolbar.set(this.form);
    this.submit({ field: 'browse', immediate: true, explicit: true });
  }

  private showToast(text: string): void {
    this.toast.textContent = text;
    this.toast.hidden = false;
    clearTimeout(this.toastTimer);
    this.toastTimer = setTimeout(() => {
      this.toast.hidden = true;
    }, TOAST_MS);
  }

  // ---- state kept across hide/show and reloads ---------------------------------------------

  private scheduleSave(): void {
    if (this.saveTimer) return;
    this.saveTimer = setTimeout(() => {
      this.saveTimer = undefined;
      this.saveNow();
    }, SAVE_SCROLL_DELAY_MS);
  }

  private saveNow(): void {
    clearTimeout(this.saveTimer);
    this.saveTimer = undefined;
    // While the saved place has not been restored yet, keep it rather than overwrite it with the top.
    const restore = this.restore;
    this.host.save({
      v: 1,
      form: this.form,
      spec: this.spec,
      scrollTop: restore ? restore.scrollTop : Math.max(0, this.scroller.scrollTop),
      focusKey: restore ? restore.focusKey : (this.grid.itemAt(this.grid.activeIndex)?.key ?? null),
    });
  }

  /** The message in place of the tiles, or the notice above kept ones; undefined when neither shows. */
  private shownMessage(): HTMLElement | undefined {
    if (!this.message.hidden) return this.message;
    return this.notice.hidden ? undefined : this.notice;
  }

  private snapshot(): GridSnapshot {
    const shown = this.shownMessage();
    return {
      status: this.status,
      spec: this.spec,
      form: this.form,
      itemCount: this.grid.count,
      renderedTiles: this.grid.renderedCount,
      totalText: this.total.textContent ?? '',
      skippedText: this.skippedNote.hidden ? '' : (this.skippedNote.textContent ?? ''),
      messageText: (shown?.textContent ?? '').slice(0, 2_000),
      formErrors: [...this.formErrors],
      renderedCredits: this.grid.renderedCredits(),
      renderedContexts: this.grid.renderedContexts(),
      renderedTitles: this.grid.renderedTitles(),
      messageActions: [...(shown?.querySelectorAll('button') ?? [])].map((b) => (b.textContent ?? '').trim()),
      focusKey: this.grid.itemAt(this.grid.activeIndex)?.key ?? null,
      previewOpen: this.preview.isOpen,
    };
  }
}

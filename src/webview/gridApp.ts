// The grid webview: the toolbar, the result tiles, what is said around them (gridChrome.ts)
// and the preview, driven by the host's messages. The webview never calls the API: it asks
// the host to search and renders what the host sends.
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
import type { GridItem } from '../core/tiles';
import { formErrorMessage } from './formMessages';
import type { GridBoot, SearchProgress, SessionMessage, ToWebview } from '../shared/protocol';
import { isToWebview } from '../shared/protocol';
import type { GridStrings } from '../shared/strings';
import { numberFormat } from '../shared/numberFormat';
import { h } from './dom';
import { GridChrome } from './gridChrome';
import { Preview } from './preview';
import { ResultsGrid } from './results';
import type { TileCommand } from './tile';
import { Toolbar } from './toolbar';
import type { ChangeTrigger } from './toolbar';
import type { HostConnection } from './vscodeApi';

/** How long a text field must rest before its value is searched. */
export const TYPING_DEBOUNCE_MS = 600;
const SAVE_SCROLL_DELAY_MS = 200;

/** What the host last said about the search, and which search that was. */
type Session = SearchProgress & { generation: number };

interface Restore {
  spec: SearchSpec;
  scrollTop: number;
  focusKey: string | null;
}

export class GridApp {
  private form: GridForm;
  /** What the host last said about the search. */
  private session: Session;
  private debounce: ReturnType<typeof setTimeout> | undefined;
  private saveTimer: ReturnType<typeof setTimeout> | undefined;
  /** The focused tile the host was last told of. */
  private activeKey: string | null = null;
  private restore: Restore | null;
  private pendingFocus: boolean;

  private readonly strings: GridStrings;
  /** The toolbar's defaults for the user's language: what Reset Filters goes back to. */
  private readonly defaults: GridForm;
  private readonly toolbar: Toolbar;
  private readonly grid: ResultsGrid;
  private readonly preview: Preview;
  /** While the agent waits for the person to choose: its prompt (null: a normal grid). */
  private choosing: string | null = null;
  /** The one photo or video whose preview was opened when it loaded (not again for each update). */
  private previewed: string | null = null;
  private readonly scroller: HTMLElement;
  private readonly chrome: GridChrome;

  constructor(
    private readonly root: HTMLElement,
    private readonly host: HostConnection,
    boot: GridBoot,
  ) {
    const saved = host.savedState();
    const state = saved ?? boot.initialState;
    this.strings = boot.strings;
    this.defaults = defaultForm(defaultLocale(boot.lang));
    this.form = state.form;
    this.session = { generation: -1, spec: state.spec, status: 'idle', totalResults: 0, skipped: 0, hasMore: false, more: 'idle', failure: null, moreFailure: null };
    this.restore = state.spec && (state.scrollTop > 0 || state.focusKey) ? { spec: state.spec, scrollTop: state.scrollTop, focusKey: state.focusKey } : null;
    // A grid a command has just opened takes the keyboard; a restored one keeps its place.
    this.pendingFocus = saved === null && state.spec !== null;
    const numbers = numberFormat(boot.lang);
    const s = this.strings;

    this.toolbar = new Toolbar(s, boot.lang, this.form, { onChange: (form, trigger) => this.onFormChange(form, trigger) });
    this.scroller = h('main', { class: 'scroller' });
    this.grid = new ResultsGrid(this.scroller, s, numbers, {
      command: (command, index) => this.onTileCommand(command, index),
      nearEnd: () => this.onNearEnd(),
      focusChanged: () => {
        this.scheduleSave();
        this.postActive();
      },
      scrolled: () => this.scheduleSave(),
    });
    this.chrome = new GridChrome(s, boot.lang, numbers, {
      browse: (kind) => this.browse(kind),
      resetFilters: () => this.resetFilters(),
      errorAction: (action, forMore) => this.runErrorAction(action, forMore),
      openService: () => this.host.post({ type: 'openService' }),
      stopChoosing: () => this.host.post({ type: 'chosen', key: null }),
    });
    const chrome = this.chrome;
    this.scroller.append(chrome.message, this.grid.element, chrome.footer);
    this.preview = new Preview(s, numbers, {
      command: (command, item) => this.runCommand(command, item),
      closed: (item) => {
        const index = this.grid.indexOfKey(item.key);
        if (index >= 0) this.grid.setActive(index, true);
      },
      choosing: () => this.choosing !== null,
    });
    // Escape stops choosing, unless something open takes it (the preview, a tile's menu: they close first).
    document.addEventListener('keydown', (event) => {
      if (event.key !== 'Escape' || this.choosing === null || event.defaultPrevented || this.preview.isOpen) return;
      event.preventDefault();
      this.host.post({ type: 'chosen', key: null });
    });
    this.root.replaceChildren(chrome.progress, chrome.choosePrompt, this.toolbar.element, chrome.statusLine, chrome.notice, this.scroller, this.preview.element, chrome.toast);
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
        if (message.generation !== this.session.generation) return;
        this.session.totalResults = message.totalResults;
        this.session.skipped = message.skipped;
        this.session.hasMore = message.hasMore;
        this.session.more = 'idle';
        this.session.moreFailure = null;
        this.grid.appendItems(message.items, message.totalResults);
        this.updateChrome();
        return;
      case 'more':
        if (message.generation !== this.session.generation) return;
        this.session.more = message.status;
        this.session.moreFailure = message.status === 'failed' ? message.failure : null;
        this.updateChrome();
        return;
      case 'actionDone':
        if (!message.ok && message.message) this.chrome.showToast(message.message);
        return;
      case 'starred':
        this.grid.setStarred(message.keys);
        return;
      case 'choose':
        this.choosing = message.prompt;
        this.chrome.setChoosing(message.prompt);
        this.grid.setChoosing(message.prompt !== null);
        return;
      case 'focus':
        if (!this.grid.focusActive()) {
          if (this.session.status === 'loading') this.pendingFocus = true;
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
    const { generation, spec, status, totalResults, skipped, hasMore, more } = message;
    this.session = {
      generation, spec, status, totalResults, skipped, hasMore, more,
      failure: status === 'failed' ? message.failure : null,
      moreFailure: status !== 'failed' && more === 'failed' ? message.failure : null,
    };
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
    if (this.session.spec && specKey(spec) === specKey(this.session.spec) && this.session.status !== 'failed') return;
    this.search(spec);
  }

  private search(spec: SearchSpec): void {
    this.host.post({ type: 'search', spec });
  }

  private setFormErrors(errors: readonly FormError[]): void {
    this.toolbar.showErrors(errors.map((e) => ({ field: e.field, message: formErrorMessage(e, this.form, this.strings) })));
  }

  private onNearEnd(): void {
    if (this.session.status !== 'loaded' || !this.session.hasMore || this.session.more !== 'idle') return;
    this.session.more = 'loading';
    this.host.post({ type: 'loadMore', generation: this.session.generation });
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
    if (command === 'choose') {
      this.preview.close();
      this.host.post({ type: 'chosen', key: item.key });
      return;
    }
    this.host.post({ type: 'action', action: command, key: item.key });
  }

  private runErrorAction(action: ErrorAction, forMore: boolean): void {
    switch (action) {
      case 'retry':
        if (forMore) {
          this.session.more = 'idle';
          this.onNearEnd();
        } else if (this.session.spec) {
          this.search(this.session.spec);
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

  // ---- what is said around the tiles -------------------------------------------------------

  private updateChrome(): void {
    const loading = this.session.status === 'loading' || this.session.more === 'loading';
    this.grid.element.setAttribute('aria-busy', String(loading));
    // Tiles of an earlier search, kept while the new one loads or could not be reached.
    this.grid.element.classList.toggle('stale', this.session.status !== 'loaded' && this.grid.count > 0);
    this.chrome.update({ ...this.session, count: this.grid.count, filtered: hasFilters(this.form, this.defaults) });
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

  // ---- state kept across hide/show and reloads ---------------------------------------------

  /** Tells the host which tile has the focus (the media of Set as Cover Image or Insert run from the palette), once per change. */
  private postActive(): void {
    const key = this.grid.itemAt(this.grid.activeIndex)?.key ?? null;
    if (key === this.activeKey) return;
    this.activeKey = key;
    this.host.post({ type: 'active', key });
  }

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
      spec: this.session.spec,
      scrollTop: restore ? restore.scrollTop : Math.max(0, this.scroller.scrollTop),
      focusKey: restore ? restore.focusKey : (this.grid.itemAt(this.grid.activeIndex)?.key ?? null),
    });
  }
}

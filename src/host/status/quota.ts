// The last known quota and the count of requests sent this UTC hour: kept in globalState so
// they survive a reload, shown in the status bar.
import * as vscode from 'vscode';
import type { QuotaSnapshot } from '../../core/quota';
import { HourlyCounter, hourStart, quotaLevel, reviveQuotaSnapshot } from '../../core/quota';
import type { QuotaFormat } from '../../core/quotaView';
import { presentQuota } from '../../core/quotaView';
import { higherLimitPage } from '../../core/serviceUrl';
import { numberFormat } from '../../shared/numberFormat';
import { CommandId } from '../common/commandIds';
import type { StatusBarVisibility } from '../common/config';
import { Disposable } from '../common/dispose';

const STATE_KEY = 'stockMedia.quota';
const COUNT_KEY = 'stockMedia.requestsThisHour';

export class QuotaStore extends Disposable {
  private snapshot: QuotaSnapshot | undefined;
  private unreachableAt: number | undefined;
  /** Requests this extension sent in the current UTC hour (the figure while the quota is hidden). */
  readonly hourly: HourlyCounter;
  private readonly changed = this._register(new vscode.EventEmitter<QuotaSnapshot | undefined>());
  readonly onDidChange = this.changed.event;

  constructor(private readonly state: vscode.Memento) {
    super();
    this.snapshot = reviveQuotaSnapshot(state.get<unknown>(STATE_KEY));
    this.hourly = new HourlyCounter(state, COUNT_KEY);
  }

  get current(): QuotaSnapshot | undefined {
    return this.snapshot;
  }

  /** When a request last got no answer, if none has come since (this window only, not stored). */
  get unreachableSince(): number | undefined {
    return this.unreachableAt;
  }

  /** A request got an answer (true) or none at all (false: no network, refused, timed out). */
  setReachable(reached: boolean, now = Date.now()): void {
    const next = reached ? undefined : (this.unreachableAt ?? now);
    if (next === this.unreachableAt) return;
    this.unreachableAt = next;
    this.changed.fire(this.snapshot);
  }

  update(snapshot: QuotaSnapshot | undefined): void {
    this.snapshot = snapshot;
    void this.state.update(STATE_KEY, snapshot);
    this.changed.fire(snapshot);
  }

  /** One more request was sent (every request actually sent, retries included). */
  countRequest(now = Date.now()): void {
    this.hourly.count(now);
    // Only the hidden state shows the count: otherwise nothing on screen changes.
    if (this.snapshot?.hidden) this.changed.fire(this.snapshot);
  }
}

interface Formatters {
  numbers: Intl.NumberFormat;
  dates: Intl.DateTimeFormat;
  relative: Intl.RelativeTimeFormat;
}

/** Intl formatters are costly to make (tens of ms the first time): one pair per locale. */
const formatters = new Map<string, Formatters>();

function formattersFor(locale: string): Formatters {
  let found = formatters.get(locale);
  if (!found) {
    try {
      found = {
        numbers: numberFormat(locale),
        dates: new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }),
        relative: new Intl.RelativeTimeFormat(locale, { numeric: 'auto', style: 'short' }),
      };
    } catch {
      found = formattersFor('en-US');
    }
    formatters.set(locale, found);
  }
  return found;
}

export function quotaFormat(serviceName: string, serviceUrl: string): QuotaFormat {
  const { numbers, dates, relative } = formattersFor(vscode.env.language);
  return {
    number: (n) => numbers.format(n),
    dateTime: (ms) => dates.format(new Date(ms)),
    relativeTime: (value, unit) => relative.format(value, unit),
    serviceName,
    higherLimitUrl: higherLimitPage(serviceUrl),
  };
}

/** `stockMedia.statusBar.visible`: when the status bar item exists at all. */

export function statusBarShown(visibility: StatusBarVisibility, hasKey: boolean): boolean {
  return visibility === 'always' || (visibility === 'withKey' && hasKey);
}

export class QuotaStatusBar extends Disposable {
  /** Made only when it is to be shown: a window without a key (by default) never has one. */
  private item: vscode.StatusBarItem | undefined;
  private timer: ReturnType<typeof setTimeout> | undefined;

  constructor(
    private readonly store: QuotaStore,
    private readonly format: () => QuotaFormat,
    private readonly visibility: () => StatusBarVisibility,
  ) {
    super();
    this._register({
      dispose: () => {
        clearTimeout(this.timer);
        this.item?.dispose();
      },
    });
  }

  render(hasKey: boolean): void {
    const now = Date.now();
    const view = presentQuota(this.store.current, hasKey, now, this.format(), this.store.hourly.thisHour(now), this.store.unreachableSince);
    const visible = statusBarShown(this.visibility(), hasKey);
    const command = view.command === 'setApiKey' ? CommandId.setApiKey : CommandId.showQuota;
    const background =
      view.level === 'exhausted'
        ? 'statusBarItem.errorBackground'
        : view.level === 'low'
          ? 'statusBarItem.warningBackground'
          : undefined;
    if (!visible) {
      this.item?.dispose();
      this.item = undefined;
      if (this.timer) clearTimeout(this.timer);
      this.timer = undefined;
      return;
    }
    if (!this.item) {
      this.item = vscode.window.createStatusBarItem('stockMedia.quota', vscode.StatusBarAlignment.Right, 100);
      this.item.name = vscode.l10n.t('Stock Media Quota');
    }
    const item = this.item;
    item.text = view.text;
    const tooltip = new vscode.MarkdownString(view.tooltip.join('\n\n'));
    tooltip.isTrusted = false;
    item.tooltip = tooltip;
    item.command = command;
    item.accessibilityInformation = { label: view.tooltip[0]?.replace(/[*\\]/g, '') ?? view.text };
    item.backgroundColor = background ? new vscode.ThemeColor(background) : undefined;
    item.show();
    this.scheduleStaleCheck(hasKey, now);
  }

  /**
   * Re-render when the period resets, so an old figure is never shown as current; while the
   * quota is hidden, at the next full hour, when the count of this hour starts again at 0.
   */
  private scheduleStaleCheck(hasKey: boolean, now: number): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    const current = this.store.current;
    const resetAt = quotaLevel(current, now) === 'hidden' ? hourStart(now) + 3_600_000 : (current?.resetAt ?? 0);
    let wait = resetAt - now;
    // While the service cannot be reached, the figure's age ("5 min ago") moves on.
    if (this.store.unreachableSince !== undefined && !(wait > 0 && wait < 60_000)) wait = 60_000;
    if (hasKey && wait > 0 && wait < 2 ** 31 - 1) {
      this.timer = setTimeout(() => this.render(hasKey), wait + 1000);
    }
  }
}

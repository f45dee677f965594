// The last known quota and the count of requests sent this UTC hour: kept in globalState so
// they survive a reload, shown in the status bar.
import * as vscode from 'vscode';
import type { QuotaSnapshot } from '../core/quota';
import { HourlyCounter, hourStart, quotaLevel, reviveQuotaSnapshot } from '../core/quota';
import type { QuotaFormat } from '../core/quotaView';
import { presentQuota } from '../core/quotaView';
import { higherLimitPage } from '../core/serviceUrl';
import { CommandId } from './commandIds';
import { Disposable } from './dispose';

const STATE_KEY = 'stockMedia.quota';
const COUNT_KEY = 'stockMedia.requestsThisHour';

export class QuotaStore extends Disposable {
  private snapshot: QuotaSnapshot | undefined;
  private readonly hourly: HourlyCounter;
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

  update(snapshot: QuotaSnapshot | undefined): void {
    this.snapshot = snapshot;
    void this.state.update(STATE_KEY, snapshot);
    this.changed.fire(snapshot);
  }

  /** Requests this extension sent in the UTC hour `now` is in (the fallback when the quota is hidden). */
  requestsThisHour(now = Date.now()): number {
    return this.hourly.thisHour(now);
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
}

/** Intl formatters are costly to make (tens of ms the first time): one pair per locale. */
const formatters = new Map<string, Formatters>();

function formattersFor(locale: string): Formatters {
  let found = formatters.get(locale);
  if (!found) {
    try {
      found = {
        numbers: new Intl.NumberFormat(locale),
        dates: new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }),
      };
    } catch {
      found = formattersFor('en-US');
    }
    formatters.set(locale, found);
  }
  return found;
}

export function quotaFormat(serviceName: string, serviceUrl: string): QuotaFormat {
  const { numbers, dates } = formattersFor(vscode.env.language);
  return {
    number: (n) => numbers.format(n),
    dateTime: (ms) => dates.format(new Date(ms)),
    serviceName,
    higherLimitUrl: higherLimitPage(serviceUrl),
  };
}

/** What the status bar item shows, readable by tests. */
export interface QuotaStatusView {
  text: string;
  tooltip: string;
  command: string | undefined;
  /** The theme colour id of the background, if any. */
  background: string | undefined;
  level: string;
}

export class QuotaStatusBar extends Disposable {
  private readonly item: vscode.StatusBarItem;
  private lastView: QuotaStatusView | undefined;
  private timer: ReturnType<typeof setTimeout> | undefined;

  constructor(
    private readonly store: QuotaStore,
    private readonly format: () => QuotaFormat,
  ) {
    super();
    this.item = this._register(vscode.window.createStatusBarItem('stockMedia.quota', vscode.StatusBarAlignment.Right, 100));
    this._register({ dispose: () => clearTimeout(this.timer) });
    this.item.name = vscode.l10n.t('Stock Media Quota');
  }

  render(hasKey: boolean): void {
    const now = Date.now();
    const view = presentQuota(this.store.current, hasKey, now, this.format(), this.store.requestsThisHour(now));
    this.item.text = view.text;
    const tooltip = new vscode.MarkdownString(view.tooltip.join('\n\n'));
    tooltip.isTrusted = false;
    this.item.tooltip = tooltip;
    this.item.command = view.command === 'setApiKey' ? CommandId.setApiKey : CommandId.showQuota;
    this.item.accessibilityInformation = { label: view.tooltip[0]?.replace(/[*\\]/g, '') ?? view.text };
    const background =
      view.level === 'exhausted'
        ? 'statusBarItem.errorBackground'
        : view.level === 'low'
          ? 'statusBarItem.warningBackground'
          : undefined;
    this.item.backgroundColor = background ? new vscode.ThemeColor(background) : undefined;
    this.item.show();
    this.lastView = {
      text: view.text,
      tooltip: view.tooltip.join('\n\n'),
      command: typeof this.item.command === 'string' ? this.item.command : undefined,
      background,
      level: view.level,
    };
    this.scheduleStaleCheck(hasKey, now);
  }

  get view(): QuotaStatusView | undefined {
    return this.lastView;
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
    const wait = resetAt - now;
    if (hasKey && wait > 0 && wait < 2 ** 31 - 1) {
      this.timer = setTimeout(() => this.render(hasKey), wait + 1000);
    }
  }
}

// What the status bar says about the quota: pure, so every state is unit-tested.
import { SERVICE_NAME_MAX, inertMarkdown, markdownLinkTarget } from './inert';
import type { QuotaLevel, QuotaSnapshot } from './quota';
import { hourStart, quotaLevel, resetHasPassed } from './quota';
import { l10n } from './l10n';

export interface QuotaFormat {
  number(n: number): string;
  dateTime(ms: number): string;
  serviceName: string;
  /** Where to ask for a higher limit (checked and encoded before it becomes a link). */
  higherLimitUrl: string;
  /** A time relative to now in the user's language (Intl.RelativeTimeFormat): -2, 'hour' → "2 hr. ago". */
  relativeTime?(value: number, unit: 'second' | 'minute' | 'hour' | 'day'): string;
}

/** How old a figure read at `then` is, in words ("2 hr. ago"); the largest whole unit that fits. */
export function ageText(then: number, now: number, fmt: Pick<QuotaFormat, 'relativeTime' | 'dateTime'>): string {
  if (!fmt.relativeTime) return fmt.dateTime(then);
  const seconds = Math.max(0, Math.floor((now - then) / 1000));
  if (seconds < 60) return fmt.relativeTime(0, 'second');
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return fmt.relativeTime(-minutes, 'minute');
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return fmt.relativeTime(-hours, 'hour');
  return fmt.relativeTime(-Math.floor(hours / 24), 'day');
}

export interface QuotaPresentation {
  level: QuotaLevel | 'noKey';
  text: string;
  /** Markdown lines for the tooltip. */
  tooltip: string[];
  command: 'setApiKey' | 'showQuota';
}

/** The short status bar text while the quota is hidden from the browser. */
export function hiddenQuotaText(requestsThisHour: number, fmt: Pick<QuotaFormat, 'number'>): string {
  const count = fmt.number(requestsThisHour);
  return l10n.plural(requestsThisHour, {
    one: l10n.t('Quota not visible · {0} request this hour', count),
    other: l10n.t('Quota not visible · {0} requests this hour', count),
  });
}

/** The count of this hour as a sentence (the tooltip and the Show Quota message). */
export function requestsThisHourSentence(requestsThisHour: number, now: number, fmt: Pick<QuotaFormat, 'number' | 'dateTime'>): string {
  const since = fmt.dateTime(hourStart(now));
  const count = fmt.number(requestsThisHour);
  return l10n.plural(requestsThisHour, {
    one: l10n.t('This extension sent {0} request to the API this hour (since {1}).', count, since),
    other: l10n.t('This extension sent {0} requests to the API this hour (since {1}).', count, since),
  });
}

/**
 * `requestsThisHour`: requests this extension sent in the current UTC hour (shown when the
 * quota is hidden). `unreachableSince`: when the last request got no answer (no network, the
 * service down), if the service has not answered since: the figure is then the last known one,
 * shown with its age, and the tooltip says why it is not newer (it is not an error of the quota).
 */
export function presentQuota(
  snapshot: QuotaSnapshot | undefined,
  hasKey: boolean,
  now: number,
  fmt: QuotaFormat,
  requestsThisHour = 0,
  unreachableSince?: number,
): QuotaPresentation {
  const shown = presentReachable(snapshot, hasKey, now, fmt, requestsThisHour);
  if (unreachableSince === undefined || shown.level === 'noKey') return shown;
  const service = inertMarkdown(fmt.serviceName, SERVICE_NAME_MAX);
  const tried = fmt.dateTime(unreachableSince);
  const level = quotaLevel(snapshot, now);
  const notNewer = l10n.t('Could not reach {0} at the last try ({1}), so the figure is not newer. It updates with the next answer.', service, tried);
  if (snapshot && (level === 'ok' || level === 'low')) {
    const age = ageText(snapshot.updatedAt, now, fmt);
    const left = fmt.number(snapshot.remaining);
    return {
      ...shown,
      text: `$(debug-disconnect) ${l10n.t('{0} left · {1}', left, age)}`,
      tooltip: [
        l10n.t('**{0} quota**: {1} of {2} requests left this month, as last known ({3}, {4}).', service, left, fmt.number(snapshot.limit), fmt.dateTime(snapshot.updatedAt), age),
        notNewer,
        ...shown.tooltip.slice(1),
      ],
    };
  }
  // Unknown, hidden, renewed or used up: that state stays as it is, with why nothing newer is known.
  return { ...shown, tooltip: [...shown.tooltip.slice(0, 1), notNewer, ...shown.tooltip.slice(1)] };
}

function presentReachable(
  snapshot: QuotaSnapshot | undefined,
  hasKey: boolean,
  now: number,
  fmt: QuotaFormat,
  requestsThisHour: number,
): QuotaPresentation {
  const service = inertMarkdown(fmt.serviceName, SERVICE_NAME_MAX);
  if (!hasKey) {
    return {
      level: 'noKey',
      text: `$(key) ${l10n.t('Set API key')}`,
      tooltip: [l10n.t('**Stock Media**: set your {0} API key to search and insert photos and videos.', service)],
      command: 'setApiKey',
    };
  }
  const level = quotaLevel(snapshot, now);
  // The link is built here, not in the translated sentence, so no translation can put a
  // placeholder next to link syntax; its target is checked and encoded.
  const askLabel = l10n.t('Ask {0} for a higher limit', service);
  const askTarget = markdownLinkTarget(fmt.higherLimitUrl);
  const askMore = l10n.t('Need more? {0}; it is free for projects that credit the service.', askTarget ? `[${askLabel}](${askTarget})` : askLabel);
  if (!snapshot || level === 'unknown') {
    return {
      level: 'unknown',
      text: '$(file-media) Stock Media',
      tooltip: [l10n.t('**{0} quota**: not known yet; it shows after the first request.', service)],
      command: 'showQuota',
    };
  }
  if (level === 'hidden') {
    return {
      level,
      text: `$(cloud) ${hiddenQuotaText(requestsThisHour, fmt)}`,
      tooltip: [
        l10n.t(
          '**{0} quota**: not visible in the browser. The service does not let browsers read the quota headers of its answers, so the requests left cannot be shown here.',
          service,
        ),
        requestsThisHourSentence(requestsThisHour, now, fmt),
        l10n.t('The figure comes back as soon as an answer carries readable quota headers (for example in VS Code for the desktop).'),
        askMore,
      ],
      command: 'showQuota',
    };
  }
  const figure = `${fmt.number(snapshot.remaining)} / ${fmt.number(snapshot.limit)}`;
  const reset = snapshot.resetAt > 0 ? fmt.dateTime(snapshot.resetAt) : l10n.t('unknown');
  const updated = fmt.dateTime(snapshot.updatedAt);
  switch (level) {
    case 'stale':
      return {
        level,
        text: `$(history) ${l10n.t('Quota renewed')}`,
        tooltip: [
          l10n.t('**{0} quota**: the monthly period reset on {1}; the figure updates with the next request.', service, reset),
          l10n.t('Last known: {0} requests left (as of {1}).', figure, updated),
          askMore,
        ],
        command: 'showQuota',
      };
    case 'exhausted':
      // A 429 does not say which limit it hit; a reset that has passed is not announced.
      return {
        level,
        text: `$(error) ${l10n.t('Rate limit or monthly quota used up')}`,
        tooltip: [
          l10n.t('**{0} rate limit or monthly quota used up**: the service refused a request (HTTP 429). Try again later.', service),
          snapshot.resetAt > 0 && !resetHasPassed(snapshot, now)
            ? l10n.t('The monthly quota resets: {0}. Last updated: {1}.', reset, updated)
            : l10n.t('Last updated: {0}.', updated),
          askMore,
        ],
        command: 'showQuota',
      };
    default:
      return {
        level,
        text: `${level === 'low' ? '$(warning)' : '$(file-media)'} ${figure}`,
        tooltip: [
          l10n.t('**{0} quota**: {1} of {2} requests left this month.', service, fmt.number(snapshot.remaining), fmt.number(snapshot.limit)),
          l10n.t('Resets: {0}. Last updated: {1}.', reset, updated),
          askMore,
        ],
        command: 'showQuota',
      };
  }
}

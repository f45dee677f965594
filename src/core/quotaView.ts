// What the status bar says about the quota: pure, so every state is unit-tested.
import type { QuotaLevel, QuotaSnapshot } from './quota';
import { quotaLevel } from './quota';
import { l10n } from './l10n';

export interface QuotaFormat {
  number(n: number): string;
  dateTime(ms: number): string;
  serviceName: string;
  /** Where to ask for a higher limit. */
  higherLimitUrl: string;
}

export interface QuotaPresentation {
  level: QuotaLevel | 'noKey';
  text: string;
  /** Markdown lines for the tooltip. */
  tooltip: string[];
  command: 'setApiKey' | 'showQuota';
}

/** Markdown-escapes text that comes from settings (the service name) before it goes into a tooltip. */
export function escapeMarkdown(text: string): string {
  return text.replace(/[\\`*_{}[\]()#+\-.!|<>~]/g, (c) => `\\${c}`);
}

export function presentQuota(
  snapshot: QuotaSnapshot | undefined,
  hasKey: boolean,
  now: number,
  fmt: QuotaFormat,
): QuotaPresentation {
  const service = escapeMarkdown(fmt.serviceName);
  if (!hasKey) {
    return {
      level: 'noKey',
      text: `$(key) ${l10n.t('Set API key')}`,
      tooltip: [l10n.t('**Stock Media**: set your {0} API key to search and insert photos and videos.', service)],
      command: 'setApiKey',
    };
  }
  const level = quotaLevel(snapshot, now);
  const askMore = l10n.t('Need more? [Ask {0} for a higher limit]({1}); it is free for projects that credit the service.', service, fmt.higherLimitUrl);
  if (!snapshot || level === 'unknown') {
    return {
      level: 'unknown',
      text: '$(file-media) Stock Media',
      tooltip: [l10n.t('**{0} quota**: not known yet; it shows after the first request.', service)],
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
      return {
        level,
        text: snapshot.resetAt > 0 ? `$(error) ${l10n.t('Quota used up · resets {0}', reset)}` : `$(error) ${l10n.t('Quota used up')}`,
        tooltip: [
          l10n.t('**{0} quota used up**: the service refused a request for lack of quota.', service),
          l10n.t('Resets: {0}. Last updated: {1}.', reset, updated),
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

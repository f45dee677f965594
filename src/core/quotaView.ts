// What the status bar says about the quota: pure, so every state is unit-tested.
import type { QuotaLevel, QuotaSnapshot } from './quota';
import { quotaLevel } from './quota';

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
      text: '$(key) Set API key',
      tooltip: [`**Stock Media**: set your ${service} API key to search and insert photos and videos.`],
      command: 'setApiKey',
    };
  }
  const level = quotaLevel(snapshot, now);
  const askMore = `Need more? [Ask ${service} for a higher limit](${fmt.higherLimitUrl}); it is free for projects that credit the service.`;
  if (!snapshot || level === 'unknown') {
    return {
      level: 'unknown',
      text: '$(file-media) Stock Media',
      tooltip: [`**${service} quota**: not known yet; it shows after the first request.`],
      command: 'showQuota',
    };
  }
  const figure = `${fmt.number(snapshot.remaining)} / ${fmt.number(snapshot.limit)}`;
  const reset = snapshot.resetAt > 0 ? fmt.dateTime(snapshot.resetAt) : 'unknown';
  const updated = fmt.dateTime(snapshot.updatedAt);
  switch (level) {
    case 'stale':
      return {
        level,
        text: '$(history) Quota renewed',
        tooltip: [
          `**${service} quota**: the monthly period reset on ${reset}; the figure updates with the next request.`,
          `Last known: ${figure} requests left (as of ${updated}).`,
          askMore,
        ],
        command: 'showQuota',
      };
    case 'exhausted':
      return {
        level,
        text: snapshot.resetAt > 0 ? `$(error) Quota used up · resets ${reset}` : '$(error) Quota used up',
        tooltip: [
          `**${service} quota used up**: the service refused a request for lack of quota.`,
          `Resets: ${reset}. Last updated: ${updated}.`,
          askMore,
        ],
        command: 'showQuota',
      };
    default:
      return {
        level,
        text: `${level === 'low' ? '$(warning)' : '$(file-media)'} ${figure}`,
        tooltip: [
          `**${service} quota**: ${fmt.number(snapshot.remaining)} of ${fmt.number(snapshot.limit)} requests left this month.`,
          `Resets: ${reset}. Last updated: ${updated}.`,
          askMore,
        ],
        command: 'showQuota',
      };
  }
}

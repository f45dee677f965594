// One clear, actionable sentence for each failure, and the actions that can fix it. Every
// value in it (the service name, what the service said) is inert (src/core/inert.ts): the
// sentence goes into notifications, the tree and its hovers as it is.
import type { MediaError } from './errors';
import { networkReasonText } from './errors';
import { inert, SERVICE_NAME_MAX } from './inert';
import { l10n } from './l10n';

/**
 * `checkKey`: check the stored key with the configured API origins and bind it to them.
 * `getApiKey`: open the service's page where a free key is issued (for whoever has none yet).
 */
export type ErrorAction = 'setApiKey' | 'getApiKey' | 'retry' | 'openSettings' | 'showQuota' | 'checkKey';
export const ERROR_ACTIONS: readonly ErrorAction[] = ['retry', 'setApiKey', 'getApiKey', 'openSettings', 'showQuota', 'checkKey'];

export interface ErrorDescription {
  message: string;
  actions: ErrorAction[];
  /** For `checkKey`: the origin to name in its label ("Check Key with …"). */
  origin?: string;
}

export interface DescribeContext {
  serviceName: string;
  /** Formats a point in time for the user's locale. */
  formatTime(ms: number): string;
  /** Now, ms since epoch: a reset time that has passed is not announced. */
  now?: number;
}

export function describeError(error: MediaError, ctx: DescribeContext): ErrorDescription {
  const service = inert(ctx.serviceName, SERVICE_NAME_MAX);
  const serverMessage = inert(error.serverMessage, 300);
  const said = serverMessage ? ` ${l10n.t('The service said: “{0}”.', serverMessage)}` : '';
  switch (error.kind) {
    case 'missingKey':
      return { message: l10n.t('Set your {0} API key to browse photos and videos.', service), actions: ['setApiKey', 'getApiKey'] };
    case 'unauthorized':
      return { message: l10n.t('{0} needs a valid API key (HTTP 401).', service) + said, actions: ['setApiKey', 'getApiKey'] };
    case 'forbidden':
      return {
        message: l10n.t('{0} refused the API key (HTTP 403). Check that you copied the whole key.', service) + said,
        actions: ['setApiKey', 'getApiKey'],
      };
    case 'notFound':
      return { message: l10n.t('Not found on {0}: it does not exist or is not visible to your key.', service), actions: [] };
    case 'rateLimited':
      // A 429 does not say which limit it hit: the hourly request rate or the monthly quota.
      return {
        message:
          error.resetAt !== undefined && error.resetAt > 0 && error.resetAt > (ctx.now ?? 0)
            ? l10n.t(
                'Your {0} rate limit or monthly quota is used up (HTTP 429). Try again later; the monthly quota resets {1}.',
                service,
                ctx.formatTime(error.resetAt),
              )
            : l10n.t('Your {0} rate limit or monthly quota is used up (HTTP 429). Try again later.', service),
        actions: ['showQuota'],
      };
    case 'server':
      return {
        message:
          (error.status
            ? l10n.t('{0} had a problem (HTTP {1}). Try again in a moment.', service, error.status)
            : l10n.t('{0} had a problem. Try again in a moment.', service)) + said,
        actions: ['retry'],
      };
    case 'network':
      return {
        message:
          // A browser never says why (offline, refused and blocked look alike): then no reason.
          error.reason !== undefined && error.reason !== 'unknown'
            ? l10n.t('Could not reach {0}: {1}. Check your connection and the API base URL setting.', service, networkReasonText(error.reason))
            : l10n.t('Could not reach {0}. Check your connection and the API base URL setting.', service),
        actions: ['retry', 'openSettings'],
      };
    case 'timeout':
      // As good as unreachable for the user: nothing came back.
      return { message: l10n.t('Could not reach {0}: it did not answer in time.', service), actions: ['retry'] };
    case 'invalidResponse':
      return {
        message: `${l10n.t('{0} sent an answer this extension cannot read.', service)} ${inert(error.message)}`,
        actions: ['retry'],
      };
    case 'invalidRequest':
      return {
        message: inert(error.message),
        actions: error.field === 'apiBaseUrl' || error.field === 'videoBaseUrl' ? ['openSettings'] : [],
      };
    case 'keyNotForOrigin': {
      const origin = error.origin ?? '';
      return {
        message: l10n.t(
          'Your {0} API key was not sent to {1}: it was checked with another server. Check the key with {1} to use it there.',
          service,
          origin,
        ),
        actions: ['checkKey', 'openSettings'],
        origin,
      };
    }
    case 'cancelled':
      return { message: l10n.t('Cancelled.'), actions: [] };
  }
}

// One clear, actionable sentence for each failure, and the actions that can fix it.
import type { MediaError } from './errors';

export type ErrorAction = 'setApiKey' | 'retry' | 'openSettings' | 'showQuota';

export interface ErrorDescription {
  message: string;
  actions: ErrorAction[];
}

export interface DescribeContext {
  serviceName: string;
  /** Formats a point in time for the user's locale. */
  formatTime(ms: number): string;
}

export function describeError(error: MediaError, ctx: DescribeContext): ErrorDescription {
  const said = error.serverMessage ? ` The service said: “${error.serverMessage}”.` : '';
  switch (error.kind) {
    case 'missingKey':
      return { message: `Set your ${ctx.serviceName} API key to browse photos and videos.`, actions: ['setApiKey'] };
    case 'unauthorized':
      return { message: `${ctx.serviceName} needs a valid API key (HTTP 401).${said}`, actions: ['setApiKey'] };
    case 'forbidden':
      return {
        message: `${ctx.serviceName} refused the API key (HTTP 403). Check that you copied the whole key.${said}`,
        actions: ['setApiKey'],
      };
    case 'notFound':
      return {
        message: `Not found on ${ctx.serviceName}: it does not exist or is not visible to your key.`,
        actions: [],
      };
    case 'rateLimited':
      return {
        message:
          error.resetAt !== undefined && error.resetAt > 0
            ? `Your ${ctx.serviceName} request limit is used up. It resets ${ctx.formatTime(error.resetAt)}.`
            : `Your ${ctx.serviceName} request limit is used up. Try again later.`,
        actions: ['showQuota'],
      };
    case 'server':
      return {
        message: `${ctx.serviceName} had a problem${error.status ? ` (HTTP ${error.status})` : ''}. Try again in a moment.${said}`,
        actions: ['retry'],
      };
    case 'network':
      return { message: `Could not reach ${ctx.serviceName}. Check your connection and the API base URL setting.`, actions: ['retry', 'openSettings'] };
    case 'timeout':
      return { message: `${ctx.serviceName} did not answer in time.`, actions: ['retry'] };
    case 'invalidResponse':
      return { message: `${ctx.serviceName} sent an answer this extension cannot read. ${error.message}`, actions: ['retry'] };
    case 'invalidRequest':
      return { message: error.message, actions: error.field === 'apiBaseUrl' || error.field === 'videoBaseUrl' ? ['openSettings'] : [] };
    case 'cancelled':
      return { message: 'Cancelled.', actions: [] };
    default: {
      const never: never = error.kind;
      return { message: String(never), actions: [] };
    }
  }
}

// One closed set of failures. HTTP and network failures are mapped to it once, in api/,
// and the UI turns each into one clear, actionable sentence (see describeError).
import { inert } from './inert';
import { l10n } from './l10n';

export type MediaErrorKind =
  | 'missingKey'
  | 'unauthorized'
  | 'forbidden'
  | 'notFound'
  | 'rateLimited'
  | 'server'
  | 'network'
  | 'timeout'
  | 'invalidResponse'
  | 'invalidRequest'
  | 'keyNotForOrigin'
  | 'cancelled';

export interface MediaErrorDetails {
  status?: number;
  /** For invalidRequest / invalidResponse: the parameter or field at fault. */
  field?: string;
  /** For rateLimited: when the quota resets (ms since epoch), if known. */
  resetAt?: number;
  /** Text the server sent (already trimmed to a sane length, never HTML markup). */
  serverMessage?: string;
  /** For keyNotForOrigin: the API origin the key was not sent to (it was checked elsewhere). */
  origin?: string;
}

export class MediaError extends Error {
  readonly kind: MediaErrorKind;
  readonly status?: number;
  readonly field?: string;
  readonly resetAt?: number;
  readonly serverMessage?: string;
  readonly origin?: string;

  constructor(kind: MediaErrorKind, message: string, details: MediaErrorDetails = {}) {
    super(message);
    this.name = 'MediaError';
    this.kind = kind;
    this.status = details.status;
    this.field = details.field;
    this.resetAt = details.resetAt;
    this.serverMessage = details.serverMessage;
    this.origin = details.origin;
  }
}

/** Wraps anything thrown into a MediaError, keeping MediaErrors as they are. */
export function toMediaError(value: unknown): MediaError {
  if (value instanceof MediaError) return value;
  if (value instanceof Error && value.name === 'AbortError') {
    return new MediaError('cancelled', l10n.t('The request was cancelled.'));
  }
  const text = value instanceof Error ? value.message : String(value);
  return new MediaError('network', l10n.t('Could not reach the service: {0}', text));
}

/**
 * Turns server-provided text into one short line safe to show: tags dropped, then inert
 * (no control characters, no `[text](command:…)` a notification would make clickable).
 */
export function cleanServerText(text: string, max = 200): string {
  const plain = text
    .replace(/<script[\s\S]*?<\/script>/gi, ' ')
    .replace(/<style[\s\S]*?<\/style>/gi, ' ')
    .replace(/<[^>]*>/g, ' ');
  return inert(plain, max);
}

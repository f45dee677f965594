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
  /** For network: why the service could not be reached, as far as the platform says. */
  reason?: NetworkReason;
  /** For an answer or a file larger than may be read: that limit, in bytes. */
  limit?: number;
}

export class MediaError extends Error {
  readonly kind: MediaErrorKind;
  readonly status?: number;
  readonly field?: string;
  readonly resetAt?: number;
  readonly serverMessage?: string;
  readonly origin?: string;
  readonly reason?: NetworkReason;
  readonly limit?: number;

  constructor(kind: MediaErrorKind, message: string, details: MediaErrorDetails = {}) {
    super(message);
    this.name = 'MediaError';
    this.kind = kind;
    this.status = details.status;
    this.field = details.field;
    this.resetAt = details.resetAt;
    this.serverMessage = details.serverMessage;
    this.origin = details.origin;
    this.reason = details.reason;
    this.limit = details.limit;
  }
}

/**
 * Why a request never got an answer. Node's fetch fails with `TypeError: fetch failed` and
 * puts the system's code in `cause` (ECONNREFUSED, ENOTFOUND…, or undici's own codes); a
 * browser says only `Failed to fetch` (offline, refused, blocked and CORS all look alike).
 */
export type NetworkReason = 'refused' | 'dns' | 'timeout' | 'dropped' | 'noRoute' | 'certificate' | 'unknown';

const REASON_BY_CODE: Readonly<Record<string, NetworkReason>> = {
  ECONNREFUSED: 'refused',
  ENOTFOUND: 'dns',
  EAI_AGAIN: 'dns',
  EAI_NONAME: 'dns',
  EAI_FAIL: 'dns',
  ETIMEDOUT: 'timeout',
  ESOCKETTIMEDOUT: 'timeout',
  UND_ERR_CONNECT_TIMEOUT: 'timeout',
  UND_ERR_HEADERS_TIMEOUT: 'timeout',
  UND_ERR_BODY_TIMEOUT: 'timeout',
  ECONNRESET: 'dropped',
  ECONNABORTED: 'dropped',
  EPIPE: 'dropped',
  UND_ERR_SOCKET: 'dropped',
  UND_ERR_CLOSED: 'dropped',
  ENETUNREACH: 'noRoute',
  EHOSTUNREACH: 'noRoute',
  ENETDOWN: 'noRoute',
  EHOSTDOWN: 'noRoute',
  EADDRNOTAVAIL: 'noRoute',
  CERT_HAS_EXPIRED: 'certificate',
  DEPTH_ZERO_SELF_SIGNED_CERT: 'certificate',
  SELF_SIGNED_CERT_IN_CHAIN: 'certificate',
  UNABLE_TO_VERIFY_LEAF_SIGNATURE: 'certificate',
  UNABLE_TO_GET_ISSUER_CERT_LOCALLY: 'certificate',
  ERR_TLS_CERT_ALTNAME_INVALID: 'certificate',
};

/** The system's error code of `value` or of any error it wraps (cause chains, AggregateError). */
function errorCode(value: unknown, depth = 0): string | undefined {
  if (typeof value !== 'object' || value === null || depth > 4) return undefined;
  const { code, cause, errors } = value as { code?: unknown; cause?: unknown; errors?: unknown };
  if (typeof code === 'string' && code in REASON_BY_CODE) return code;
  const inner = errorCode(cause, depth + 1);
  if (inner) return inner;
  if (Array.isArray(errors)) {
    for (const e of errors) {
      const found = errorCode(e, depth + 1);
      if (found) return found;
    }
  }
  if ((value as { name?: unknown }).name === 'ConnectTimeoutError') return 'UND_ERR_CONNECT_TIMEOUT';
  return typeof code === 'string' ? code : undefined;
}

/** Why a failed fetch got no answer (see NetworkReason). */
export function networkReason(value: unknown): NetworkReason {
  const code = errorCode(value);
  return (code !== undefined ? REASON_BY_CODE[code] : undefined) ?? 'unknown';
}

/** Whether `value` is a fetch that got no answer at all (as opposed to a bug that threw a TypeError). */
export function isFetchFailure(value: unknown): boolean {
  if (!(value instanceof Error)) return false;
  if (networkReason(value) !== 'unknown') return true;
  // Node (undici), Chromium, Firefox, Safari.
  return /^(fetch failed|failed to fetch|networkerror when attempting to fetch resource\.?|load failed|network ?error|terminated)$/i.test(value.message.trim());
}

/** The reason in words, to follow "Could not reach …:". */
export function networkReasonText(reason: NetworkReason | undefined): string {
  switch (reason) {
    case 'refused':
      return l10n.t('the connection was refused');
    case 'dns':
      return l10n.t('its address could not be looked up (no network, or a wrong address)');
    case 'timeout':
      return l10n.t('the connection timed out');
    case 'dropped':
      return l10n.t('the connection was dropped');
    case 'noRoute':
      return l10n.t('there is no route to it (no network)');
    case 'certificate':
      return l10n.t('its certificate was not accepted');
    default:
      return l10n.t('no connection could be made');
  }
}

/** The failure of a fetch that got no answer, worded without the platform's raw text. */
export function unreachable(value: unknown): MediaError {
  const reason = networkReason(value);
  return new MediaError('network', l10n.t('Could not reach the service: {0}.', networkReasonText(reason)), { reason });
}

/** The kinds that mean the service could not be reached: the last answers stay on screen. */
export function isUnreachable(error: MediaError): boolean {
  return error.kind === 'network' || error.kind === 'timeout';
}

/** A request its caller stopped. */
export function cancelledError(): MediaError {
  return new MediaError('cancelled', l10n.t('The request was cancelled.'));
}

/** Wraps anything thrown into a MediaError, keeping MediaErrors as they are. */
export function toMediaError(value: unknown): MediaError {
  if (value instanceof MediaError) return value;
  if (value instanceof Error && value.name === 'AbortError') return cancelledError();
  if (isFetchFailure(value)) return unreachable(value);
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

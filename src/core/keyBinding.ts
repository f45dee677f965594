// The API key is bound to the API origins it was checked against: it is stored together
// with them (one secret, never the key in a second place), and handed out only for a
// request to one of them. A base URL that points elsewhere gets no key until the user
// checks the key there.
import { MediaError } from './errors';
import { l10n } from './l10n';
import { tryParseUrl } from './urls';

/** What SecretStorage holds: the key and the origins it may be sent to. */
export interface BoundKey {
  readonly key: string;
  readonly origins: readonly string[];
}

/** The service's own API origin, which a key saved before keys were bound was checked against. */
export const DEFAULT_KEY_ORIGINS: readonly string[] = ['https://api.pexels.com'];

/** The origins of the configured base URLs (the photo API first), without repeats or invalid URLs. */
export function originsOf(...baseUrls: readonly string[]): string[] {
  const origins: string[] = [];
  for (const base of baseUrls) {
    const url = tryParseUrl(base.trim());
    if (!url || url.origin === 'null') continue;
    if (!origins.includes(url.origin)) origins.push(url.origin);
  }
  return origins;
}

/** The secret's text: a small JSON object. */
export function serializeBoundKey(bound: BoundKey): string {
  return JSON.stringify({ key: bound.key.trim(), origins: originsOf(...bound.origins) });
}

/**
 * Reads the secret. A JSON object `{key, origins}` is the current format. Anything else that
 * is not empty is a key saved before keys were bound, as plain text: it counts as checked
 * against the service's own API origin only (where it was meant to go), so it is never sent
 * to another server until the user checks it there.
 */
export function parseBoundKey(raw: string | undefined): BoundKey | undefined {
  const text = raw?.trim();
  if (!text) return undefined;
  if (text.startsWith('{')) {
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch {
      return undefined;
    }
    if (typeof value !== 'object' || value === null) return undefined;
    const { key, origins } = value as { key?: unknown; origins?: unknown };
    if (typeof key !== 'string' || key.trim() === '') return undefined;
    const list = Array.isArray(origins) ? origins.filter((o): o is string => typeof o === 'string') : [];
    return { key: key.trim(), origins: originsOf(...list) };
  }
  return { key: text, origins: [...DEFAULT_KEY_ORIGINS] };
}

/**
 * The key for a request to `origin`, or undefined when none is stored. Throws a
 * `keyNotForOrigin` MediaError when the key is bound to other origins, before anything is sent.
 */
export function keyForOrigin(bound: BoundKey | undefined, origin: string): string | undefined {
  if (!bound) return undefined;
  const wanted = originsOf(origin)[0];
  if (wanted !== undefined && bound.origins.includes(wanted)) return bound.key;
  const shown = wanted ?? origin;
  throw new MediaError(
    'keyNotForOrigin',
    l10n.t('Your API key was checked with {0}, not with {1}, so it was not sent to {1}.', bound.origins.join(', ') || '—', shown),
    { origin: shown },
  );
}

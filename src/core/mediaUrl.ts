// What the user pasted into "Open Photo or Video by URL or ID": a bare id, or a page URL
// of the service (`/photo/<slug>-<id>/`, `/video/<slug>-<id>/`, localised as
// `/de-de/foto/...`), or an image/video file URL of its CDN. Only hosts the user has
// configured (or the service's own pexels.com) are accepted, so a link from elsewhere is
// never taken for a media id by accident.
import type { MediaKind } from './model';
import { isLoopbackHost, tryParseUrl } from './urls';

export type MediaRefError = 'empty' | 'notMedia' | 'foreignHost' | 'badId';

export type ParsedMediaRef =
  | { ok: true; id: number; /** Undefined for a bare id: the caller asks or assumes. */ kind?: MediaKind }
  | { ok: false; error: MediaRefError };

export interface MediaUrlOptions {
  /** Origins or URLs whose host is accepted besides pexels.com (service URL, API bases). */
  trustedUrls: readonly string[];
}

const PHOTO_SEGMENTS = new Set(['photo', 'foto', 'photos']);
const VIDEO_SEGMENTS = new Set(['video', 'videos', 'video-files']);
/** Segments that may come before the kind: a locale such as `de-de`, or `media` (test server). */
const PREFIX_SEGMENT = /^(?:[a-z]{2}(?:-[a-z]{2})?|media)$/i;
const BARE_ID = /^(?:(photo|video)\s*[:#]?\s*)?(\d+)$/i;

function positiveId(text: string | undefined): number | undefined {
  if (text === undefined || !/^\d{1,15}$/.test(text)) return undefined;
  const id = Number(text);
  return Number.isSafeInteger(id) && id > 0 ? id : undefined;
}

function isTrustedHost(url: URL, trusted: readonly string[]): boolean {
  const host = url.hostname.toLowerCase();
  if (url.protocol === 'https:' && (host === 'pexels.com' || host.endsWith('.pexels.com'))) return true;
  return trusted.some((t) => {
    const other = tryParseUrl(t);
    return other !== undefined && other.host.toLowerCase() === url.host.toLowerCase() && other.protocol === url.protocol;
  });
}

/** `<slug>-<id>` or `<id>`: the trailing number. */
function idOfSegment(segment: string | undefined): number | undefined {
  if (segment === undefined) return undefined;
  const match = /(?:^|-)(\d+)$/.exec(segment);
  return positiveId(match?.[1]);
}

export function parseMediaRef(input: unknown, options: MediaUrlOptions): ParsedMediaRef {
  const text = typeof input === 'number' ? String(input) : typeof input === 'string' ? input.trim() : '';
  if (text === '') return { ok: false, error: 'empty' };

  const bare = BARE_ID.exec(text);
  if (bare) {
    const id = positiveId(bare[2]);
    if (id === undefined) return { ok: false, error: 'badId' };
    const kind = bare[1]?.toLowerCase() as MediaKind | undefined;
    return kind ? { ok: true, id, kind } : { ok: true, id };
  }

  // A URL pasted without its scheme (`www.pexels.com/photo/...`) is still a URL.
  const url = tryParseUrl(/^[a-z][a-z0-9+.-]*:\/\//i.test(text) ? text : `https://${text}`);
  if (!url || (url.protocol !== 'https:' && url.protocol !== 'http:')) return { ok: false, error: 'notMedia' };
  if (!url.hostname.includes('.') && !isLoopbackHost(url.hostname)) return { ok: false, error: 'notMedia' };
  if (url.protocol === 'http:' && !isLoopbackHost(url.hostname)) return { ok: false, error: 'foreignHost' };
  if (!isTrustedHost(url, options.trustedUrls)) return { ok: false, error: 'foreignHost' };

  const segments = url.pathname.split('/').filter(Boolean).map((s) => decodeURIComponentSafe(s));
  for (let i = 0; i < segments.length && i <= 2; i++) {
    const segment = (segments[i] ?? '').toLowerCase();
    const kind: MediaKind | undefined = PHOTO_SEGMENTS.has(segment) ? 'photo' : VIDEO_SEGMENTS.has(segment) ? 'video' : undefined;
    if (kind) {
      const id = idOfSegment(segments[i + 1]);
      return id === undefined ? { ok: false, error: 'badId' } : { ok: true, id, kind };
    }
    if (!PREFIX_SEGMENT.test(segment)) break;
  }
  return { ok: false, error: 'notMedia' };
}

function decodeURIComponentSafe(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

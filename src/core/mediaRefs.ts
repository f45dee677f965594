// The service's media as they appear in a document: every page URL (`/photo/<slug>-<id>/`)
// and image/video file URL of its CDN in a text, with where it stands. One scanner for what
// reads the document (paste, hover, the credit check, the credits file), each URL judged by
// parseMediaRef, so only hosts the user configured (or the service's own) count.
import type { MediaKind } from './model';
import type { MediaUrlOptions } from './mediaUrl';
import { parseMediaRef } from './mediaUrl';

export interface MediaRefMatch {
  /** Offsets into the text: `text.slice(start, end) === url`. */
  readonly start: number;
  readonly end: number;
  readonly url: string;
  readonly id: number;
  readonly kind: MediaKind;
}

/**
 * An http(s) URL up to the first character that cannot be part of one in the places media
 * links are written: Markdown `(…)`, HTML and JSX attribute quotes, CSS `url(…)`, `srcset`
 * lists, plain text.
 */
const URL_CANDIDATE = /https?:\/\/[^\s"'<>()[\]{}`\\|^]+/gi;
/** What ends a sentence rather than a URL. */
const TRAILING = /[.,;:!?*_~]+$/;

/** The most matches one scan returns (a generated file full of URLs stays cheap). */
export const MAX_MEDIA_REFS = 2000;

/** Every service media URL in `text`, in order. */
export function findMediaRefs(text: string, options: MediaUrlOptions, limit = MAX_MEDIA_REFS): MediaRefMatch[] {
  const found: MediaRefMatch[] = [];
  // A URL given again (a page of credit lines) is judged once.
  const judged = new Map<string, ReturnType<typeof parseMediaRef>>();
  for (const match of text.matchAll(URL_CANDIDATE)) {
    if (found.length >= limit) break;
    const url = match[0].replace(TRAILING, '');
    const start = match.index;
    let ref = judged.get(url);
    if (!ref) judged.set(url, (ref = parseMediaRef(url, options)));
    if (!ref.ok || ref.kind === undefined) continue;
    found.push({ start, end: start + url.length, url, id: ref.id, kind: ref.kind });
  }
  return found;
}

/** The match whose URL covers `offset` (start inclusive, end inclusive: a cursor just after it counts). */
export function mediaRefAt(text: string, offset: number, options: MediaUrlOptions): MediaRefMatch | undefined {
  return findMediaRefs(text, options).find((m) => m.start <= offset && offset <= m.end);
}

/** The key a media item is known by across documents: its kind and id. */
export function mediaRefKey(ref: Pick<MediaRefMatch, 'kind' | 'id'>): string {
  return `${ref.kind}:${ref.id}`;
}

// Whether pasted text is one service media URL and nothing else: a page URL or a file URL of
// the service, alone on the clipboard (surrounding whitespace aside). Anything more (a
// sentence around it, two links, a trailing full stop) is pasted as the user copied it.
import type { MediaRefMatch } from './mediaRefs';
import { findMediaRefs } from './mediaRefs';
import type { MediaUrlOptions } from './mediaUrl';

/** Longer than any media URL: a big paste is not even scanned. */
const MAX_PASTED_URL = 2048;

export function pastedMediaRef(text: string, options: MediaUrlOptions): MediaRefMatch | undefined {
  const trimmed = text.trim();
  if (trimmed === '' || trimmed.length > MAX_PASTED_URL || /\s/.test(trimmed)) return undefined;
  const refs = findMediaRefs(trimmed, options, 2);
  const only = refs.length === 1 ? refs[0] : undefined;
  return only && only.start === 0 && only.end === trimmed.length ? only : undefined;
}

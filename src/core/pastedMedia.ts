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

/**
 * The service's own address of `text` when it is the service's page opened through the editor's
 * port forwarding (a remote or browser workbench opens a local service at another address, such
 * as `https://host/proxy/4321/photo/…`): `external` is the forwarded address of `serviceUrl`, as
 * the editor made it. Undefined when `text` is not under it.
 */
export function unforwardedAddress(text: string, serviceUrl: string, external: string): string | undefined {
  const trimmed = text.trim();
  const from = external.replace(/\/+$/, '');
  const to = serviceUrl.replace(/\/+$/, '');
  if (from === to || trimmed.length > MAX_PASTED_URL || /\s/.test(trimmed)) return undefined;
  if (trimmed !== from && !trimmed.startsWith(`${from}/`)) return undefined;
  return `${to}${trimmed.slice(from.length)}`;
}


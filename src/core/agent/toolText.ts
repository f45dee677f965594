// What the agent's tools answer, as text a model reads. The service's words (alt texts,
// photographers' names, collection titles) are data, never instructions: each is cleaned as
// everywhere else (core/inert.ts: one line, no control or direction characters, bounded), has
// no `scheme://` left that could read as a link, and stands in double quotes after a label
// (`alt "…"`), with any quote inside it escaped, so it cannot end the quote and speak for
// itself. The only links are the media's own page on the service, read as every insert reads
// it (core/insert/facts.ts insertableUrl). The lines are the extension's; their labels are
// English, as the model descriptions are. Free of 'vscode'.
import { creditFacts } from '../insert/facts';
import { inert } from '../inert';
import { mediaUrlOptions, parseMediaRef } from '../mediaUrl';
import type { ServiceSettings } from '../trustedUrls';
import { formatDuration } from '../mediaText';
import type { MediaItem, MediaKind } from '../model';

/** The longest alt text a result line quotes. */
export const ALT_MAX = 200;
/** The longest name a result line quotes. */
export const NAME_MAX = 100;
/** The most characters a tool's whole answer has (80 results fit). */
export const RESULT_MAX = 40_000;

/** The reference the tools take and give: `photo:123`, `video:456`. */
export function mediaRef(item: MediaItem | { kind: MediaKind; id: number }): string {
  if ('id' in item) return `${item.kind}:${item.id}`;
  return item.kind === 'photo' ? `photo:${item.photo.id}` : `video:${item.video.id}`;
}

/** A value of the service's as quoted data: inert, no `scheme://`, in double quotes with its own quotes escaped. */
export function quoted(value: unknown, max: number): string {
  const text = inert(value, max).replace(/([a-z][a-z0-9+.-]*):\/\//gi, '$1: //');
  return JSON.stringify(text);
}

/** Where the service lives (its settings), and its name. */
export type ToolService = ServiceSettings & { readonly serviceName: string };

/** The media's page on the service, when it has a safe one that is the service's page of this media (not an address elsewhere). */
export function pageLink(item: MediaItem, service: ToolService): string | undefined {
  const page = creditFacts(item, service).pageUrl;
  if (!page) return undefined;
  const own = parseMediaRef(page, mediaUrlOptions(service));
  const id = item.kind === 'photo' ? item.photo.id : item.video.id;
  return own.ok && own.id === id && (own.kind ?? item.kind) === item.kind ? page : undefined;
}

/** One media as a result line: reference, alt text, photographer, size, colour, duration, page. */
export function mediaLine(item: MediaItem, service: ToolService): string {
  const parts: string[] = [mediaRef(item)];
  if (item.kind === 'photo') {
    const p = item.photo;
    parts.push(`alt ${quoted(p.alt ?? '', ALT_MAX)}`, `by ${quoted(p.photographer, NAME_MAX)}`, `${p.width}×${p.height}`);
    if (p.avg_color) parts.push(`colour ${quoted(p.avg_color, 16)}`);
  } else {
    const v = item.video;
    parts.push(`by ${quoted(v.user.name, NAME_MAX)}`, `${v.width}×${v.height}`, formatDuration(v.duration));
  }
  const page = pageLink(item, service);
  if (page) parts.push(page);
  return parts.join(' · ');
}

/** The answer's text cut at RESULT_MAX, on a line's end, saying so. */
export function bounded(lines: readonly string[], max = RESULT_MAX): string {
  let text = '';
  for (const [i, line] of lines.entries()) {
    const next = text === '' ? line : `${text}\n${line}`;
    if (next.length > max) return `${text}\n(${lines.length - i} more lines left out)`;
    text = next;
  }
  return text;
}

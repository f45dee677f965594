// What the agent's writing tools (stockMedia_insert, stockMedia_setCover) read and answer
// beyond the shared input rules (toolInput.ts): the photo size a model names, read by the
// settings' own rule (insert/sizes.ts) with a message that lists the sizes there are, and the
// text an insert wrote as data the model can read back, with no link but the service's own.
// Free of 'vscode'.
import { PHOTO_VARIANTS } from '../model';
import type { MediaKind } from '../model';
import type { PhotoSize } from '../insert/sizes';
import { MAX_SIZE_SIDE, readPhotoSize } from '../insert/sizes';
import { ToolInputError } from './toolInput';

/** The sizes a photo can be had in, as a model is told them. */
export function sizesAdvice(): string {
  return `Send one of the sizes the service makes (${PHOTO_VARIANTS.join(', ')}), a width in pixels from 1 to ${MAX_SIZE_SIDE} such as "1280", or a crop such as "1200x630".`;
}

/** `size` as the tools take it: undefined when not sent; a ToolInputError naming the sizes for anything else, or for a video. */
export function readToolSize(value: string | undefined, kind: MediaKind): PhotoSize | undefined {
  if (value === undefined) return undefined;
  if (kind === 'video') throw new ToolInputError(`"size" applies to photos: leave it out for a video (its file follows the user's video quality setting).`);
  const read = readPhotoSize(value);
  if ('message' in read) throw new ToolInputError(`"size" ${JSON.stringify(value.slice(0, 40))} is not a size the service makes. ${sizesAdvice()}`);
  return read.size;
}

/** A `line` past the file's end: what to send instead. */
export function lineTooFar(line: number, lineCount: number): string {
  return `"line" ${line} is past the end of the file, which has ${lineCount} line${lineCount === 1 ? '' : 's'}: send a line from 1 to ${lineCount}, or leave "line" out to insert at the end.`;
}

/** Control, direction and separator characters a model's reading could be misled by; a line end stays. */
const UNSAFE = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;

/**
 * The text written into a document, as data for the model: no control or direction
 * characters, and no `scheme://` left whose origin is not one of `origins` (the service's
 * pages and files the media's own links lead to), so a name or alt text that holds an address
 * reads as text, not as a link; cut at `max` characters.
 */
export function writtenText(text: string, origins: readonly string[], max = 4_000): string {
  const kept = new Set(origins.map((o) => o.toLowerCase()));
  const clean = text.replace(/\r\n?/g, '\n').replace(UNSAFE, ' ');
  const defused = clean.replace(/([a-z][a-z0-9+.-]*):\/\/([^/\s?#"'<>()[\]\\]*)/gi, (whole: string, scheme: string, host: string) =>
    kept.has(`${scheme}://${host}`.toLowerCase()) ? whole : `${scheme}: //${host}`,
  );
  return defused.length > max ? `${defused.slice(0, max - 1)}…` : defused;
}

/** The origin of each https or http address given (others, and what is no address, left out). */
export function originsOf(urls: readonly (string | undefined)[]): string[] {
  const origins: string[] = [];
  for (const url of urls) {
    if (!url) continue;
    try {
      const parsed = new URL(url);
      if (parsed.protocol === 'https:' || parsed.protocol === 'http:') origins.push(parsed.origin);
    } catch {
      // Not an address: nothing to keep.
    }
  }
  return origins;
}

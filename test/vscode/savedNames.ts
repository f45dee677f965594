// Saved files' default names, for the tests that save files (no 'vscode' here: the e2e tests use it too).
import { altFromPageUrl } from '../../src/core/insert/facts';
import { slugify } from '../../src/core/insert/naming';
import { ALT_MAX, cleanText } from '../../src/core/insert/text';

/**
 * The default name of a saved file without its extension (`stockMedia.insert.fileName`'s
 * `{slug}-{id}-{size}`): the alt text as inserted (a video's: words from its page address) in
 * lower-case words, the id, the size.
 */
export function savedStem(media: { readonly id: number; readonly alt?: string | null; readonly url?: string }, size: string): string {
  const alt = cleanText(media.alt ?? '', ALT_MAX) || altFromPageUrl(media.url ?? '');
  return [slugify(alt), String(media.id), size].filter((part) => part !== '').join('-');
}

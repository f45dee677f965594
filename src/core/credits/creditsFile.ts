// The credits file (`CREDITS.md`): one entry per photo or video the workspace uses, between
// two markers, so whatever the user wrote around them is kept and a second run with nothing
// new writes the same bytes. Its words are written into the user's file, so, like the credit
// line's, they come from a fixed table in the credit's language (creditWords.ts), not from
// the display language's bundle.
import { inGitFolder } from '../gitFolder';
import type { CreditLanguage } from '../insert/creditWords';
import { fillCredit } from '../insert/creditWords';
import { escapeMarkdownText } from '../insert/escape';
import type { MediaKind } from '../model';

export const CREDITS_START = '<!-- stock-media-credits:start -->';
export const CREDITS_END = '<!-- stock-media-credits:end -->';

export interface CreditsWords {
  readonly title: string;
  /** The line under the start marker: the block is generated. */
  readonly generated: string;
  readonly photographer: string;
  readonly videographer: string;
  readonly page: string;
  readonly usedIn: string;
  readonly none: string;
  /** {0}: the id, {1}: the service. */
  readonly photoGone: string;
  readonly videoGone: string;
}

export const CREDITS_WORDS: Readonly<Record<CreditLanguage, CreditsWords>> = {
  en: {
    title: 'Credits',
    generated: 'Written by Stock Media from the media links in this workspace. Edits between these markers are replaced the next time it runs.',
    photographer: 'Photographer',
    videographer: 'Videographer',
    page: 'Page',
    usedIn: 'Used in',
    none: 'No photos or videos found.',
    photoGone: 'Photo {0}: no longer found on {1}',
    videoGone: 'Video {0}: no longer found on {1}',
  },
  de: {
    title: 'Bildnachweise',
    generated: 'Von Stock Media aus den Medien-Links in diesem Arbeitsbereich geschrieben. Änderungen zwischen diesen Markierungen werden beim nächsten Lauf ersetzt.',
    photographer: 'Fotograf',
    videographer: 'Videograf',
    page: 'Seite',
    usedIn: 'Verwendet in',
    none: 'Keine Fotos oder Videos gefunden.',
    photoGone: 'Foto {0}: nicht mehr auf {1} zu finden',
    videoGone: 'Video {0}: nicht mehr auf {1} zu finden',
  },
};

export interface CreditEntry {
  readonly kind: MediaKind;
  readonly id: number;
  /** The photographer as the credit names them (sorting key); empty when unknown or gone. */
  readonly author: string;
  /** The credit line in Markdown, as the insert writes it (credit.ts `creditMarkdown`), already escaped. */
  readonly credit: string | undefined;
  /** Safe https addresses (facts.ts), or undefined. */
  readonly authorUrl: string | undefined;
  readonly pageUrl: string | undefined;
  /** Files that use it, relative to the workspace folder, `/`-separated. */
  readonly files: readonly string[];
}

/** Photographer (case-insensitive), then photos before videos, then id: a stable order. */
export function compareEntries(a: CreditEntry, b: CreditEntry): number {
  const an = a.author.toLowerCase();
  const bn = b.author.toLowerCase();
  if (an !== bn) return an < bn ? -1 : 1;
  if (a.author !== b.author) return a.author < b.author ? -1 : 1;
  if (a.kind !== b.kind) return a.kind === 'photo' ? -1 : 1;
  return a.id - b.id;
}

/** A safe address (facts.ts: https, or http to this computer) as a Markdown autolink, when it can be one (no space, `<` or `>`). */
function autolink(url: string | undefined): string | undefined {
  return url !== undefined && /^https?:\/\/[^\s<>]+$/.test(url) ? `<${url}>` : undefined;
}

/**
 * A file name as a Markdown code span: read as written, no escapes (`post.md`, not
 * `post\.md`), and never a link, emphasis or HTML whatever it holds (the fence is longer
 * than any run of backticks in it). Line breaks and other control characters, which a code
 * span cannot hold, become U+FFFD; a name holding one of the markers is escaped as text
 * instead, so the next run still finds the block.
 */
export function fileNameMarkdown(name: string): string {
  const clean = name.replace(/[\u0000-\u001f\u007f\u2028\u2029]/g, '\ufffd');
  if (clean.includes(CREDITS_START) || clean.includes(CREDITS_END)) return escapeMarkdownText(clean);
  const longest = Math.max(0, ...(clean.match(/`+/g) ?? []).map((run) => run.length));
  const fence = '`'.repeat(longest + 1);
  // A space on each side keeps a backtick at either end off the fence (and is stripped when read).
  const pad = clean.startsWith('`') || clean.endsWith('`') || (clean.startsWith(' ') && clean.endsWith(' ')) ? ' ' : '';
  return `${fence}${pad}${clean}${pad}${fence}`;
}

/** The generated block's lines (between the markers, markers excluded). */
export function renderCreditsBlock(entries: readonly CreditEntry[], words: CreditsWords, serviceName: string): string[] {
  const lines = ['', `<!-- ${words.generated} -->`, ''];
  if (entries.length === 0) lines.push(words.none, '');
  for (const entry of [...entries].sort(compareEntries)) {
    const gone = fillCredit(entry.kind === 'photo' ? words.photoGone : words.videoGone, String(entry.id), escapeMarkdownText(serviceName));
    lines.push(`- ${entry.credit ?? gone}`);
    const author = autolink(entry.authorUrl);
    if (author) lines.push(`  - ${entry.kind === 'photo' ? words.photographer : words.videographer}: ${author}`);
    const page = autolink(entry.pageUrl);
    if (page) lines.push(`  - ${words.page}: ${page}`);
    const files = [...new Set(entry.files)].sort((x, y) => (x < y ? -1 : x > y ? 1 : 0));
    lines.push(`  - ${words.usedIn}: ${files.map(fileNameMarkdown).join(', ')}`);
  }
  if (entries.length > 0) lines.push('');
  return lines;
}

export type MergeResult = { readonly ok: true; readonly text: string; readonly changed: boolean } | { readonly ok: false; readonly problem: 'markers' };

/**
 * The file's new text: `existing` with the block between the markers replaced (or, when it has
 * none, the block appended after the user's text), or a new file with a title. Its line
 * endings follow the existing file's. Refused when the markers are there but not as one
 * start followed by one end (nothing is guessed about what the user's text is).
 */
export function mergeCredits(existing: string | undefined, blockLines: readonly string[], words: CreditsWords): MergeResult {
  const eol = existing?.includes('\r\n') ? '\r\n' : '\n';
  const block = [CREDITS_START, ...blockLines, CREDITS_END].join(eol);
  if (existing === undefined || existing.trim() === '') {
    return { ok: true, text: `# ${words.title}${eol}${eol}${block}${eol}`, changed: true };
  }
  const starts = existing.split(CREDITS_START).length - 1;
  const ends = existing.split(CREDITS_END).length - 1;
  let text: string;
  if (starts === 0 && ends === 0) {
    text = `${existing.replace(/\s+$/, '')}${eol}${eol}${block}${eol}`;
  } else {
    const start = existing.indexOf(CREDITS_START);
    const end = existing.indexOf(CREDITS_END);
    if (starts !== 1 || ends !== 1 || end < start) return { ok: false, problem: 'markers' };
    text = existing.slice(0, start) + block + existing.slice(end + CREDITS_END.length);
  }
  return { ok: true, text, changed: text !== existing };
}

/** How many media the generated block of `text` lists (its `- ` lines), or undefined when it has no block. */
export function creditsBlockEntries(text: string): number | undefined {
  const start = text.indexOf(CREDITS_START);
  const end = text.indexOf(CREDITS_END, start);
  if (start < 0 || end < 0) return undefined;
  return text.slice(start, end).split(/\r?\n/).filter((line) => line.startsWith('- ')).length;
}

/**
 * The credits file's path inside its workspace folder from the setting (relative to the
 * folder; `\` read as `/`), or undefined when it leaves the folder, is absolute, lies in a
 * `.git` folder (gitFolder.ts) or names no file.
 */
export function creditsPathInFolder(setting: string): string | undefined {
  const raw = setting.trim().replace(/\\/g, '/');
  if (raw === '' || raw.startsWith('/') || raw.startsWith('~') || /^[a-z]:/i.test(raw) || raw.endsWith('/')) return undefined;
  const parts: string[] = [];
  for (const part of raw.split('/')) {
    if (part === '' || part === '.') continue;
    if (part === '..') return undefined;
    parts.push(part);
  }
  const path = parts.join('/');
  return parts.length === 0 || inGitFolder(path) ? undefined : path;
}

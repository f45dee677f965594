// In This Workspace: the service's media the workspace's files use, grouped by media. A file
// is read once (the credits file's scan, or a changed file again): each use keeps its line and
// what a reader sees where its credit would count (creditTexts), so whether it is credited is
// known as soon as the media's author is, without reading the file again.
import type { CreditNames } from './creditCheck';
import { creditScope, creditTexts, isCreditLike, namesCredited, paragraphAt } from './creditCheck';
import type { FormatFamily } from './insert/languages';
import { l10n } from './l10n';
import type { MediaRefMatch } from './mediaRefs';
import type { MediaKind } from './model';

export interface FileUse {
  readonly kind: MediaKind;
  readonly id: number;
  /** Zero-based, as VS Code counts. */
  readonly line: number;
  readonly character: number;
  /** What a reader sees where its credit counts; empty when the file's credit is not checked. */
  readonly scopes: readonly string[];
}

export interface FileUses {
  /** The file's URI as text. */
  readonly uri: string;
  /** Its path as shown: relative to its folder (with the folder's name in a multi-root workspace). */
  readonly shown: string;
  /** Whether the credit check applies to it (stockMedia.creditCheck.enabled for its language). */
  readonly checked: boolean;
  readonly uses: readonly FileUse[];
}

/** Where a use stands: credited, missing its credit, not known yet (the media's author is not), or not checked (its language). */
export type CreditState = 'credited' | 'missing' | 'unknown' | 'unchecked';

export interface UseRow {
  readonly uri: string;
  readonly shown: string;
  readonly line: number;
  readonly character: number;
  readonly state: CreditState;
}

export interface MediaGroup {
  /** `kind:id` (mediaRefKey). */
  readonly key: string;
  readonly kind: MediaKind;
  readonly id: number;
  /** By file, then line. */
  readonly uses: readonly UseRow[];
  readonly missing: number;
  readonly files: number;
}

/** The offsets at which each line starts. */
function lineStarts(text: string): number[] {
  const starts = [0];
  for (let at = text.indexOf('\n'); at >= 0; at = text.indexOf('\n', at + 1)) starts.push(at + 1);
  return starts;
}

function lineOf(starts: readonly number[], offset: number): number {
  let low = 0;
  let high = starts.length - 1;
  while (low < high) {
    const mid = (low + high + 1) >> 1;
    if ((starts[mid] as number) <= offset) low = mid;
    else high = mid - 1;
  }
  return low;
}

/**
 * A file's uses, from its text and the media references found in it (core/mediaRefs.ts). A
 * link to a media in its own credit (`Photo by … on [Pexels](<its page>)`, in a line that reads
 * as a credit, where an earlier link of the same media counts a credit) is its credit, not a use.
 */
export function usesInText(text: string, refs: readonly MediaRefMatch[], family: FormatFamily, checked: boolean): FileUse[] {
  if (refs.length === 0) return [];
  const starts = lineStarts(text);
  const uses: FileUse[] = [];
  refs.forEach((ref, i) => {
    const line = lineOf(starts, ref.start);
    if (i > 0 && isOwnCredit(text, refs.slice(0, i), ref, starts, line, family)) return;
    uses.push({ kind: ref.kind, id: ref.id, line, character: ref.start - (starts[line] as number), scopes: checked ? creditTexts(text, ref, family) : [] });
  });
  return uses;
}

function isOwnCredit(text: string, before: readonly MediaRefMatch[], ref: MediaRefMatch, starts: readonly number[], line: number, family: FormatFamily): boolean {
  const lineText = text.slice(starts[line] as number, starts[line + 1] ?? text.length);
  if (!isCreditLike(lineText) && !isCreditLike(text.slice(paragraphAt(text, ref.start).start, ref.start))) return false;
  return before.some((q) => q.kind === ref.kind && q.id === ref.id && creditScope(text, q, family).some((s) => s.start <= ref.start && ref.end <= s.end));
}

const byText = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

/**
 * The uses grouped by media: media missing a credit first (most missing first), then the most
 * used, then by `labelOf` and key; each media's uses by file, then line. `namesOf` gives the
 * names a credit must hold, for the media whose author is known (else its uses are 'unknown').
 */
export function groupUses(
  files: Iterable<FileUses>,
  namesOf: (kind: MediaKind, id: number) => CreditNames | undefined,
  labelOf: (kind: MediaKind, id: number) => string,
): MediaGroup[] {
  const rows = new Map<string, { kind: MediaKind; id: number; uses: UseRow[] }>();
  const names = new Map<string, CreditNames | undefined>();
  for (const file of files) {
    for (const use of file.uses) {
      const key = `${use.kind}:${use.id}`;
      if (!names.has(key)) names.set(key, namesOf(use.kind, use.id));
      const known = names.get(key);
      const state: CreditState = !file.checked ? 'unchecked' : !known ? 'unknown' : namesCredited(use.scopes, known) ? 'credited' : 'missing';
      let group = rows.get(key);
      if (!group) rows.set(key, (group = { kind: use.kind, id: use.id, uses: [] }));
      group.uses.push({ uri: file.uri, shown: file.shown, line: use.line, character: use.character, state });
    }
  }
  const groups: (MediaGroup & { label: string })[] = [];
  for (const [key, g] of rows) {
    g.uses.sort((a, b) => byText(a.shown, b.shown) || byText(a.uri, b.uri) || a.line - b.line || a.character - b.character);
    const missing = g.uses.filter((u) => u.state === 'missing').length;
    const files = new Set(g.uses.map((u) => u.uri)).size;
    groups.push({ key, kind: g.kind, id: g.id, uses: g.uses, missing, files, label: labelOf(g.kind, g.id).toLocaleLowerCase() });
  }
  groups.sort((a, b) => b.missing - a.missing || b.uses.length - a.uses.length || byText(a.label, b.label) || byText(a.key, b.key));
  return groups.map(({ key, kind, id, uses, missing, files }) => ({ key, kind, id, uses, missing, files }));
}

/** The media item's description: its uses, and how many lack a credit (`3 uses · 1 without credit`). */
export function usesDescription(group: Pick<MediaGroup, 'uses' | 'missing'>, locale: string): string {
  const n = group.uses.length;
  const count = n.toLocaleString(locale);
  const uses = l10n.plural(n, { one: l10n.t('{0} use', count), other: l10n.t('{0} uses', count) });
  return group.missing > 0 ? `${uses} · ${l10n.t('{0} without credit', group.missing.toLocaleString(locale))}` : uses;
}

/** The language a file is read as by its name (the credit check's languages, core/insert/languages.ts), for files not open. */
export function languageOfPath(path: string): string {
  const ext = /\.([a-z0-9]+)$/i.exec(path)?.[1]?.toLowerCase() ?? '';
  return LANGUAGE_BY_EXTENSION.get(ext) ?? 'plaintext';
}

const LANGUAGE_BY_EXTENSION: ReadonlyMap<string, string> = new Map([
  ['md', 'markdown'],
  ['markdown', 'markdown'],
  ['mdx', 'mdx'],
  ['qmd', 'quarto'],
  ['rmd', 'rmd'],
  ['html', 'html'],
  ['htm', 'html'],
  ['xhtml', 'xhtml'],
  ['vue', 'vue'],
  ['svelte', 'svelte'],
  ['astro', 'astro'],
  ['php', 'php'],
  ['hbs', 'handlebars'],
  ['handlebars', 'handlebars'],
  ['mustache', 'mustache'],
  ['njk', 'nunjucks'],
  ['liquid', 'liquid'],
  ['erb', 'erb'],
  ['cshtml', 'razor'],
  ['razor', 'razor'],
  ['jinja', 'jinja'],
  ['j2', 'jinja'],
  ['twig', 'twig'],
  ['ejs', 'ejs'],
  ['edge', 'edge'],
  ['templ', 'templ'],
  ['jsx', 'javascriptreact'],
  ['tsx', 'typescriptreact'],
  ['css', 'css'],
  ['scss', 'scss'],
  ['sass', 'sass'],
  ['less', 'less'],
  ['styl', 'stylus'],
  ['pcss', 'postcss'],
]);

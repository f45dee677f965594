// In This Workspace: the service's media the workspace's files use, grouped by media. A file
// is read once (the credits file's scan, or a changed file again): each use keeps its line and
// what a reader sees where its credit would count (creditTexts), so whether it is credited is
// known as soon as the media's author is, without reading the file again.
import type { CreditNames, TextSpan } from './creditCheck';
import { CreditContext } from './creditCheck';
import { FoldedText, creditName } from './creditNames';
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

/** The credit scopes of the earlier uses of one media: does one of them hold a later link? */
class EarlierScopes {
  /** The farthest end of the scopes that start at or before the links asked about so far. */
  private reach = -1;
  /** Scopes that start after the link last asked about (a credit paragraph below), by start. */
  private readonly later: TextSpan[] = [];

  add(scopes: readonly TextSpan[], at: number): void {
    for (const scope of scopes) {
      if (scope.start <= at) this.reach = Math.max(this.reach, scope.end);
      else {
        let i = this.later.length;
        while (i > 0 && (this.later[i - 1] as TextSpan).start > scope.start) i -= 1;
        this.later.splice(i, 0, scope);
      }
    }
  }

  /** Whether a scope added before holds `span`; the spans asked about come in text order. */
  holds(span: TextSpan): boolean {
    while (this.later.length > 0 && (this.later[0] as TextSpan).start <= span.start) this.reach = Math.max(this.reach, (this.later.shift() as TextSpan).end);
    return this.reach >= span.end;
  }
}

/**
 * A file's uses, from its text and the media references found in it (core/mediaRefs.ts, in
 * text order). A link to a media in its own credit (`Photo by … on [Pexels](<its page>)`, in
 * a line that reads as a credit, where an earlier link of the same media counts a credit) is
 * its credit, not a use. The text is read once (CreditContext), whatever the number of links.
 */
export function usesInText(text: string, refs: readonly MediaRefMatch[], family: FormatFamily, checked: boolean): FileUse[] {
  if (refs.length === 0) return [];
  const credit = new CreditContext(text, family);
  const starts = credit.index.lineStarts();
  const earlier = new Map<string, EarlierScopes>();
  const uses: FileUse[] = [];
  for (const ref of refs) {
    const line = credit.index.lineOf(ref.start);
    const key = `${ref.kind}:${ref.id}`;
    let scopes = earlier.get(key);
    const own = scopes !== undefined && isOwnCredit(credit, scopes, ref, starts, line);
    if (!scopes) earlier.set(key, (scopes = new EarlierScopes()));
    scopes.add(credit.scope(ref), ref.start);
    if (own) continue;
    uses.push({ kind: ref.kind, id: ref.id, line, character: ref.start - (starts[line] as number), scopes: checked ? credit.texts(ref) : [] });
  }
  return uses;
}

function isOwnCredit(credit: CreditContext, earlier: EarlierScopes, ref: MediaRefMatch, starts: readonly number[], line: number): boolean {
  const lineCredit = credit.isCreditLike(starts[line] as number, starts[line + 1] ?? credit.text.length);
  if (!lineCredit && !credit.isCreditLike(credit.index.paragraphAt(ref.start).start, ref.start)) return false;
  return earlier.holds(ref);
}

const byText = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

/** A media's group with its label (lowercased), for sortGroups. */
export interface LabelledGroup extends MediaGroup {
  readonly label: string;
}

/**
 * The groups of the media `files` use, by key, not sorted: each media's uses from these files
 * only, and only the media of `only` when given (In This Workspace makes again only the groups
 * a change touched, from the files that use them). `namesOf` gives the names a credit must
 * hold, for the media whose author is known (else its uses are 'unknown'). `folded` keeps the
 * scopes' texts as folded for the search, by text: given again (In This Workspace groups the
 * same uses again as the media's authors come in), none is folded twice.
 */
export function mediaGroups(
  files: Iterable<FileUses>,
  namesOf: (kind: MediaKind, id: number) => CreditNames | undefined,
  labelOf: (kind: MediaKind, id: number) => string,
  folded: Map<string, FoldedText> = new Map(),
  only?: ReadonlySet<string>,
): Map<string, LabelledGroup> {
  const rows = new Map<string, { kind: MediaKind; id: number; uses: UseRow[]; name: string | undefined }>();
  // A scope's text is folded once, however many uses share it (every image of a front matter does).
  const credited = (scopes: readonly string[], name: string): boolean =>
    scopes.some((scope) => {
      let text = folded.get(scope);
      if (!text) folded.set(scope, (text = new FoldedText(scope)));
      return text.has(name);
    });
  for (const file of files) {
    for (const use of file.uses) {
      const key = `${use.kind}:${use.id}`;
      if (only && !only.has(key)) continue;
      let group = rows.get(key);
      if (!group) {
        const known = namesOf(use.kind, use.id);
        rows.set(key, (group = { kind: use.kind, id: use.id, uses: [], name: known && creditName(known) }));
      }
      const state: CreditState = !file.checked ? 'unchecked' : group.name === undefined ? 'unknown' : credited(use.scopes, group.name) ? 'credited' : 'missing';
      group.uses.push({ uri: file.uri, shown: file.shown, line: use.line, character: use.character, state });
    }
  }
  const groups = new Map<string, LabelledGroup>();
  for (const [key, g] of rows) {
    g.uses.sort((a, b) => byText(a.shown, b.shown) || byText(a.uri, b.uri) || a.line - b.line || a.character - b.character);
    let missing = 0;
    const files = new Set<string>();
    for (const u of g.uses) {
      if (u.state === 'missing') missing += 1;
      files.add(u.uri);
    }
    groups.set(key, { key, kind: g.kind, id: g.id, uses: g.uses, missing, files: files.size, label: labelOf(g.kind, g.id).toLocaleLowerCase() });
  }
  return groups;
}

/** The groups in the view's order: media missing a credit first (most missing first), then the most used, then by label and key. */
export function sortGroups(groups: Iterable<LabelledGroup>): MediaGroup[] {
  return [...groups]
    .sort((a, b) => b.missing - a.missing || b.uses.length - a.uses.length || byText(a.label, b.label) || byText(a.key, b.key))
    .map(({ key, kind, id, uses, missing, files }) => ({ key, kind, id, uses, missing, files }));
}

/**
 * The uses grouped by media (mediaGroups), in the view's order (sortGroups); each media's uses
 * by file, then line.
 */
export function groupUses(
  files: Iterable<FileUses>,
  namesOf: (kind: MediaKind, id: number) => CreditNames | undefined,
  labelOf: (kind: MediaKind, id: number) => string,
  folded: Map<string, FoldedText> = new Map(),
): MediaGroup[] {
  return sortGroups(mediaGroups(files, namesOf, labelOf, folded).values());
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

// Which of the workspace's files the credits file and In This Workspace leave out: what git
// leaves out (`.gitignore` files) and what VS Code hides (`files.exclude`, `search.exclude`,
// turned into root `.gitignore` lines by excludeRules).
//
// The matcher is git's own algorithm (dir.c here, wildmatch.c in wildmatch.ts), not a RegExp, so
// that no line can make it backtrack: the `ignore` package it replaces compiles each line to a
// RegExp, and `**/x/**/x/**/x/**/x/**/x/**/x/**/x/**/x/**/b` against a path 35 folders deep
// took it 3.3 s per path (the depth to the power of the number of `**`). Here:
// - A line is read as git reads it: `#` comments, trailing spaces unless escaped, `!` negates,
//   a trailing `/` means folders only, a line without another `/` is matched against the name
//   alone at any depth below its file's folder, any other line against the path from that
//   folder (a leading `/` dropped).
// - Matching is wildmatch's with WM_PATHNAME: the path's segments against the pattern's
//   segments, where a segment that is only stars (`**`) stands for any number of segments
//   (at least one at the end: `a/**` is what is inside `a`, not `a`), and any other segment
//   matches exactly one segment of the path with `*`, `?`, `[...]` (ranges, `!`/`^`,
//   `[:alpha:]` and the other classes, `\` escapes). Both levels use the greedy two-pointer
//   algorithm that, on a mismatch, goes back only to the last star: O(n·m) at worst, however
//   many stars a line has.
// - What wildmatch aborts on matches nothing: an unclosed `[`, an unknown `[:class:]`, a
//   trailing `\`. A range out of order (`[9-0]`) matches no character of the range, but its
//   first character is still a member, as in git (`[9-0]*.tmp` ignores `9x.tmp`).
// - Like git, characters are compared as UTF-8 bytes (`?` is one byte; ranges compare bytes),
//   case-sensitively (git's default on Linux).
// - Nested files: each folder's `.gitignore` speaks about the paths below it; the deepest file
//   whose last matching line speaks about a path decides, and nothing inside an ignored
//   folder comes back (a folder's own file does not decide about the folder itself). Not
//   read: `.git/info/exclude` and the global excludes file.
// - The per-path cost: a line without wildcards is one string comparison, `*.ext` one
//   `endsWith`, and any other line first checks that the path holds the line's longest
//   literal run; a folder's verdict is kept, so the files of one folder share their parents'
//   work.

import type { Segment } from './wildmatch';
import { GLOBSTAR, STAR_SEGMENT, bytes, compile, matchPath, matchSegment } from './wildmatch';

interface Rule {
  readonly negate: boolean;
  readonly dirOnly: boolean;
  /** No `/` in the line: matched against the name only. */
  readonly basename: boolean;
  /** Without wildcards: the text itself (compared, not matched). */
  readonly exact?: string;
  /** `*literal` (of a name-only line): a suffix. */
  readonly suffix?: string;
  /** A literal run every match contains (quick reject). */
  readonly needs: string;
  readonly segments: readonly (Segment | typeof GLOBSTAR)[];
}

/** A line without its trailing spaces, unless escaped (git's trim_trailing_spaces). */
function trimTrailingSpaces(line: string): string {
  let lastSpace = -1;
  for (let i = 0; i < line.length; i++) {
    const c = line[i];
    if (c === ' ') {
      if (lastSpace < 0) lastSpace = i;
    } else {
      lastSpace = -1;
      if (c === '\\') i += 1;
    }
  }
  return lastSpace < 0 ? line : line.slice(0, lastSpace);
}

/** `.gitignore` text as rules, in order; lines wildmatch aborts on are left out (they match nothing). */
function parseLines(text: string): Rule[] {
  const rules: Rule[] = [];
  for (let line of text.replace(/^\uFEFF/, '').split('\n')) {
    if (line.endsWith('\r')) line = line.slice(0, -1);
    if (line === '' || line.startsWith('#')) continue;
    line = trimTrailingSpaces(line);
    const negate = line.startsWith('!');
    let pattern = bytes(negate ? line.slice(1) : line);
    const dirOnly = pattern.endsWith('/');
    if (dirOnly) pattern = pattern.slice(0, -1);
    if (pattern === '') continue;
    const basename = !pattern.includes('/');
    if (!basename && pattern.startsWith('/')) pattern = pattern.slice(1);
    const compiled = compile(pattern);
    if (!compiled) continue;
    const wild = /[*?[\\]/;
    const exact = wild.test(pattern) ? undefined : pattern;
    const suffix = basename && pattern.startsWith('*') && !wild.test(pattern.slice(1)) ? pattern.slice(1) : undefined;
    const needs = compiled.literals.reduce((best, lit) => (lit.length >= best.length ? lit : best), '');
    // Matched against a name, a run of stars is one star.
    const segments = basename ? [compiled.segments.find((seg) => seg !== GLOBSTAR) ?? STAR_SEGMENT] : compiled.segments;
    rules.push({ negate, dirOnly, basename, exact, suffix, needs, segments });
  }
  return rules;
}

/** Whether `rule` matches `rel` (bytes, relative to the rule's folder) whose name is `name`. */
function matches(rule: Rule, rel: string, name: string, isDir: boolean): boolean {
  if (rule.dirOnly && !isDir) return false;
  const text = rule.basename ? name : rel;
  if (rule.exact !== undefined) return text === rule.exact;
  if (rule.suffix !== undefined) return text.endsWith(rule.suffix);
  if (!text.includes(rule.needs)) return false;
  return rule.basename ? matchSegment(rule.segments[0] as Segment, text, 0, text.length) : matchPath(rule.segments, text);
}

/** The rules of one `.gitignore`, and where the paths they speak about start (after `folder/`). */
interface Scope {
  readonly from: number;
  readonly rules: readonly Rule[];
}

/** What a folder's entries are matched with. */
interface FolderInfo {
  /** The folder is ignored, itself or because a folder it lies in is: so is all it holds. */
  readonly ignored: boolean;
  /** The `.gitignore` files that speak about its entries, deepest first. */
  readonly scopes: readonly Scope[];
}

/** Folders kept at most (then forgotten and computed again). */
const MAX_KEPT_FOLDERS = 50_000;

/** The verdict of the deepest scope whose last matching rule speaks about `path` (bytes): ignored or not. */
function decide(scopes: readonly Scope[], path: string, isDir: boolean): boolean {
  const name = path.slice(path.lastIndexOf('/') + 1);
  for (const { from, rules } of scopes) {
    const rel = from === 0 ? path : path.slice(from);
    for (let i = rules.length - 1; i >= 0; i--) {
      const rule = rules[i] as Rule;
      if (matches(rule, rel, name, isDir)) return !rule.negate;
    }
  }
  return false;
}

/**
 * The `.gitignore` rules of a workspace folder, added shallow first (the order git reads
 * them in: a folder's file before its subfolders'). Paths are relative to the root,
 * `/`-separated.
 */
export class GitignoreRules {
  /** Each folder's own rules (`''`: the root). */
  private readonly lists = new Map<string, Rule[]>();
  /** Folders already looked at (bytes), so that a folder's files share their parents' work. */
  private readonly folders = new Map<string, FolderInfo>();

  /** Adds the `.gitignore` of the folder `base`. */
  add(text: string, base = ''): void {
    const folder = bytes(base.replace(/^\/+|\/+$/g, ''));
    this.lists.set(folder, [...(this.lists.get(folder) ?? []), ...parseLines(text)]);
    this.folders.clear();
  }

  /** The folder `dir` (bytes, `''`: the root): from the nearest folder above already known, down. */
  private folder(dir: string): FolderInfo {
    const kept = this.folders.get(dir);
    if (kept) return kept;
    const chain: string[] = [];
    let info: FolderInfo | undefined;
    for (let at = dir; ; ) {
      info = this.folders.get(at);
      if (info) break;
      chain.push(at);
      if (at === '') break;
      const cut = at.lastIndexOf('/');
      at = cut < 0 ? '' : at.slice(0, cut);
    }
    if (this.folders.size + chain.length > MAX_KEPT_FOLDERS) this.folders.clear();
    for (let i = chain.length - 1; i >= 0; i--) {
      const at = chain[i] as string;
      // A folder's own file does not speak about the folder itself.
      const ignored = info ? info.ignored || decide(info.scopes, at, true) : false;
      const own = this.lists.get(at);
      const above = info?.scopes ?? [];
      info = { ignored, scopes: own ? [{ from: at === '' ? 0 : at.length + 1, rules: own }, ...above] : above };
      this.folders.set(at, info);
    }
    return info as FolderInfo;
  }

  /**
   * Whether the file (or, with `isDir`, the folder) at `path` is ignored, itself or because a
   * folder it lies in is.
   */
  ignores(path: string, isDir = false): boolean {
    const clean = bytes(path.startsWith('/') || path.endsWith('/') ? path.replace(/^\/+|\/+$/g, '') : path);
    if (clean === '') return false;
    const cut = clean.lastIndexOf('/');
    const parent = this.folder(cut < 0 ? '' : clean.slice(0, cut));
    return parent.ignored || decide(parent.scopes, clean, isDir);
  }
}

/** Patterns a single exclude glob may expand to (`{a,b}{c,d}` is four). */
export const MAX_BRACE_EXPANSION = 64;

/** `a{b,c}d` → `abd`, `acd`; undefined when it expands to more than MAX_BRACE_EXPANSION patterns. */
function expandBraces(glob: string): string[] | undefined {
  let out = [glob];
  for (;;) {
    const next: string[] = [];
    let expanded = false;
    for (const g of out) {
      const m = /\{([^{}]*)\}/.exec(g);
      if (!m) {
        next.push(g);
        continue;
      }
      expanded = true;
      for (const alt of (m[1] ?? '').split(',')) next.push(g.slice(0, m.index) + alt + g.slice(m.index + m[0].length));
      if (next.length > MAX_BRACE_EXPANSION) return undefined;
    }
    if (!expanded) return out;
    out = next;
  }
}

/**
 * VS Code's `files.exclude` and `search.exclude` of one workspace folder (glob → `true`), as
 * rules matched like a root `.gitignore`: each glob is anchored at the folder (VS Code matches
 * them against the whole relative path: `*.log` only at the top, `**` + `/*.log` anywhere).
 * Globs that are off (`false`), conditional (`{ "when": … }`, files beside another), absolute
 * or that expand to too many patterns are left out.
 */
export function excludeRules(globs: Iterable<readonly [string, unknown]>): GitignoreRules {
  const lines: string[] = [];
  for (const [glob, on] of globs) {
    if (on !== true) continue;
    const clean = glob.trim().replace(/^\.\//, '');
    if (clean === '' || clean.startsWith('/') || /^[a-z]:/i.test(clean)) continue;
    for (const one of expandBraces(clean) ?? []) {
      // Spaces at the end are the name's; `#` and `!` are literal after the leading `/`.
      lines.push(`/${one.replace(/^\/+/, '').replace(/ +$/, (s) => s.replace(/ /g, '\\ '))}`);
    }
  }
  const rules = new GitignoreRules();
  rules.add(lines.join('\n'));
  return rules;
}

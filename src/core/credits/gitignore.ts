// Which of the workspace's files the credits file and In This Workspace leave out: what git
// leaves out (`.gitignore` files) and what VS Code hides (`files.exclude`, `search.exclude`).
// The patterns are matched by the `ignore` package (git's semantics, the one ESLint and
// Prettier use; no dependencies, runs in a browser), not by a parser of our own: its `*` does
// not backtrack, and a line git reads as matching nothing (`[9-0]*.tmp`) matches nothing here
// too instead of throwing. It sits in core, allowed by a lint rule of its own as core/cover's
// parsers are, because it is pure and tested in plain Node.
//
// Nested `.gitignore` files: git reads a folder's file as it enters the folder, its rules
// relative to that folder, deeper files overriding shallower ones, and nothing inside an
// ignored folder can be re-included. Here each folder with a `.gitignore` gets one matcher
// holding its ancestors' rules followed by its own, rewritten relative to the root (`/site/x`
// for a line `x` of `site/.gitignore`, `/site/**/x` for a line without a `/`), so that the
// last rule that matches decides, as in git. Not read: `.git/info/exclude` and the global
// excludes file. Matching is case-sensitive, as git's default on Linux.
//
// Two rewrites keep the work bounded: a run of `**` segments (`a/**/**/**/b`), which means
// the same as one, is folded into one before `ignore` sees it (its regular expression
// backtracks over each), and exclude globs with `{a,b}` are expanded, at most
// MAX_BRACE_EXPANSION patterns each.
import ignore from 'ignore';
import type { Ignore } from 'ignore';

const OPTIONS = { ignorecase: false, allowRelativePaths: true } as const;

/** `a/**` + `/**` + `/b` → `a/**` + `/b`: the same folders, one backtracking group instead of many. */
function foldGlobstars(pattern: string): string {
  return pattern.replace(/(^|(?<!\\)\/)\*\*(?:\/\*\*)+(?=\/|$)/g, '$1**');
}

/** A folder's path as literal pattern text. */
function literal(path: string): string {
  return path.replace(/[\\*?[]/g, (c) => `\\${c}`);
}

/** One `.gitignore` line of the folder `base` (not the root), as a line of the root's. */
function rebase(line: string, base: string): string {
  if (line.trim() === '' || line.startsWith('#')) return line;
  const negate = line.startsWith('!') ? '!' : '';
  const rest = negate ? line.slice(1) : line;
  // What git looks at for "a slash at the beginning or middle": trailing unescaped spaces and
  // one trailing slash left out.
  const body = rest.replace(/(?<!\\) +$/, '').replace(/\/$/, '');
  if (body.replace(/^\//, '') === '') return '';
  const anchored = body.includes('/');
  return `${negate}/${literal(base)}/${anchored ? rest.replace(/^\//, '') : `**/${rest}`}`;
}

/**
 * The `.gitignore` rules of a workspace folder, added shallow first (the order git reads
 * them in: a folder's file before its subfolders'). Paths are relative to the root,
 * `/`-separated.
 */
export class GitignoreRules {
  /** The matcher of each folder that has a `.gitignore` (`''`: the root). */
  private readonly matchers = new Map<string, Ignore>();
  private readonly none = ignore(OPTIONS);

  /** Adds the `.gitignore` of the folder `base`; after its parent folders' files. */
  add(text: string, base = ''): void {
    const folder = base.replace(/^\/+|\/+$/g, '');
    const lines = text.split(/\r?\n/).map((line) => foldGlobstars(folder === '' ? line : rebase(line, folder)));
    this.matchers.set(folder, ignore(OPTIONS).add(this.matcherOf(folder)).add(lines));
  }

  /** The matcher for what lies in `folder`: its own or its nearest ancestor's. */
  private matcherOf(folder: string): Ignore {
    for (let at = folder; ; ) {
      const found = this.matchers.get(at);
      if (found) return found;
      if (at === '') return this.none;
      const cut = at.lastIndexOf('/');
      at = cut < 0 ? '' : at.slice(0, cut);
    }
  }

  /**
   * Whether the file (or, with `isDir`, the folder) at `path` is ignored, itself or because a
   * folder it lies in is.
   */
  ignores(path: string, isDir = false): boolean {
    const clean = path.replace(/^\/+|\/+$/g, '');
    if (clean === '') return false;
    const cut = clean.lastIndexOf('/');
    return this.matcherOf(cut < 0 ? '' : clean.slice(0, cut)).ignores(isDir ? `${clean}/` : clean);
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

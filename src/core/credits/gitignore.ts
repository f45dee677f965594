// `.gitignore` rules, so the credits file leaves out what git leaves out
// (`vscode.workspace.findFiles` applies `files.exclude` only). What is matched is what git
// documents for these files: blank lines and `#` comments skipped, `\#` `\!` `\ ` escapes,
// `!` re-includes, a trailing `/` matches folders only, a pattern with a `/` before its end
// is anchored at its file's folder (otherwise it matches a name at any depth), `*` `?`
// `[…]` within one name, `**/`, `/**/` and `/**`. As in git, nothing inside an ignored
// folder can be re-included. Not read: `.git/info/exclude` and the global excludes file.

export interface IgnoreRule {
  /** The folder of the `.gitignore` the rule came from, relative to the root (`''`: the root). */
  readonly base: string;
  readonly negate: boolean;
  readonly dirOnly: boolean;
  readonly pattern: RegExp;
}

/** The rules of one `.gitignore` whose folder is `base` (relative to the root, `/`-separated). */
export function parseGitignore(text: string, base = ''): IgnoreRule[] {
  const rules: IgnoreRule[] = [];
  const folder = base.replace(/^\/+|\/+$/g, '');
  for (const raw of text.split(/\r?\n/)) {
    // Trailing spaces are dropped unless escaped.
    let line = raw.replace(/(?<!\\)\s+$/, '');
    if (line === '' || line.startsWith('#')) continue;
    let negate = false;
    if (line.startsWith('!')) {
      negate = true;
      line = line.slice(1);
    }
    let dirOnly = false;
    if (line.endsWith('/') && !line.endsWith('\\/')) {
      dirOnly = true;
      line = line.replace(/\/+$/, '');
    }
    if (line === '') continue;
    const anchored = line.includes('/');
    if (line.startsWith('/')) line = line.slice(1);
    const body = globBody(line);
    if (body === undefined) continue;
    rules.push({ base: folder, negate, dirOnly, pattern: new RegExp(`^${anchored ? '' : '(?:.*/)?'}${body}$`, 'u') });
  }
  return rules;
}

function escapeRegExp(c: string): string {
  return /[.*+?^${}()|[\]\\/]/.test(c) ? `\\${c}` : c;
}

/** The regular expression for one pattern (no anchors), or undefined for a malformed one. */
function globBody(glob: string): string | undefined {
  let re = '';
  for (let i = 0; i < glob.length; i++) {
    const c = glob.charAt(i);
    if (c === '\\') {
      i += 1;
      if (i >= glob.length) return undefined;
      re += escapeRegExp(glob.charAt(i));
    } else if (c === '*') {
      const atStart = i === 0 || glob.charAt(i - 1) === '/';
      if (glob.charAt(i + 1) === '*' && atStart && (i + 2 === glob.length || glob.charAt(i + 2) === '/')) {
        // `**/x`: any number of folders (none too); a trailing `/**`: everything inside.
        if (i + 2 === glob.length) re += '.*';
        else re += '(?:.*/)?';
        i += 2;
      } else {
        while (glob.charAt(i + 1) === '*') i += 1;
        re += '[^/]*';
      }
    } else if (c === '?') re += '[^/]';
    else if (c === '[') {
      const end = glob.indexOf(']', i + 2);
      if (end < 0) re += '\\[';
      else {
        let body = glob.slice(i + 1, end);
        const negated = body.startsWith('!') || body.startsWith('^');
        if (negated) body = body.slice(1);
        body = body.replace(/[\\\]^]/g, (m) => `\\${m}`);
        re += negated ? `(?!/)[^${body}]` : `[${body}]`;
        i = end;
      }
    } else re += escapeRegExp(c);
  }
  return re;
}

/** Whether the last rule that speaks about `path` (a file or, with `isDir`, a folder) ignores it. */
function verdict(rules: readonly IgnoreRule[], path: string, isDir: boolean): boolean | undefined {
  let ignored: boolean | undefined;
  for (const rule of rules) {
    if (rule.dirOnly && !isDir) continue;
    let rel = path;
    if (rule.base !== '') {
      if (!path.startsWith(`${rule.base}/`)) continue;
      rel = path.slice(rule.base.length + 1);
    }
    if (rule.pattern.test(rel)) ignored = !rule.negate;
  }
  return ignored;
}

/**
 * Whether the file at `path` (relative to the root, `/`-separated) is ignored by `rules`,
 * given in the order git reads them: a folder's `.gitignore` before those of its subfolders.
 */
export function isIgnored(rules: readonly IgnoreRule[], path: string): boolean {
  const parts = path.split('/').filter((p) => p !== '');
  for (let n = 1; n < parts.length; n++) {
    if (verdict(rules, parts.slice(0, n).join('/'), true) === true) return true;
  }
  return verdict(rules, parts.join('/'), false) === true;
}

/** The folder (relative to the root) of a `.gitignore` at `path`; rules are read shallow first. */
export function gitignoreFolder(path: string): string {
  const cut = path.lastIndexOf('/');
  return cut < 0 ? '' : path.slice(0, cut);
}

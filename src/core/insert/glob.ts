// Glob patterns as VS Code settings use them (`**/*.md`, `docs/**`, `*.{md,mdx}`),
// matched against a whole posix path; dot files match too.

function escapeRegExp(c: string): string {
  return /[.*+?^${}()|[\]\\/]/.test(c) ? `\\${c}` : c;
}

export function globToRegExp(glob: string): RegExp {
  let re = '';
  let braces = 0;
  for (let i = 0; i < glob.length; i++) {
    const c = glob.charAt(i);
    if (c === '*') {
      if (glob.charAt(i + 1) === '*') {
        // `**/` matches any number of whole folders (also none); a trailing `**` anything.
        if (glob.charAt(i + 2) === '/') {
          re += '(?:.*/)?';
          i += 2;
        } else {
          re += '.*';
          i += 1;
        }
      } else re += '[^/]*';
    } else if (c === '?') re += '[^/]';
    else if (c === '{') {
      braces++;
      re += '(?:';
    } else if (c === '}' && braces > 0) {
      braces--;
      re += ')';
    } else if (c === ',' && braces > 0) re += '|';
    else if (c === '[') {
      const end = glob.indexOf(']', i + 1);
      if (end < 0) re += '\\[';
      else {
        const body = glob.slice(i + 1, end).replace(/\\/g, '\\\\');
        re += `[${body.startsWith('!') ? `^${body.slice(1)}` : body}]`;
        i = end;
      }
    } else re += escapeRegExp(c);
  }
  while (braces-- > 0) re += ')';
  return new RegExp(`^${re}$`);
}

export function globMatches(glob: string, path: string): boolean {
  try {
    return globToRegExp(glob).test(path);
  } catch {
    return false;
  }
}

// Posix path arithmetic on URI paths (`vscode.Uri.path`), so it works the same for local,
// remote and virtual workspaces and needs no Node module.

export function normalizePath(path: string): string {
  const absolute = path.startsWith('/');
  const out: string[] = [];
  for (const segment of path.split('/')) {
    if (segment === '' || segment === '.') continue;
    if (segment === '..') {
      if (out.length > 0 && out[out.length - 1] !== '..') out.pop();
      else if (!absolute) out.push('..');
    } else out.push(segment);
  }
  const joined = out.join('/');
  return absolute ? `/${joined}` : joined || '.';
}

export function dirname(path: string): string {
  const normal = normalizePath(path);
  const cut = normal.lastIndexOf('/');
  if (cut < 0) return '.';
  return cut === 0 ? '/' : normal.slice(0, cut);
}

export function basename(path: string): string {
  const normal = normalizePath(path);
  return normal.slice(normal.lastIndexOf('/') + 1);
}

/** `.md` for `a/b.md`, '' when there is none (a leading dot is part of the name). */
export function extname(path: string): string {
  const name = basename(path);
  const dot = name.lastIndexOf('.');
  return dot > 0 ? name.slice(dot) : '';
}

/** Resolves `path` against the folder `base` (both posix; an absolute `path` wins). */
export function resolvePath(base: string, path: string): string {
  return normalizePath(path.startsWith('/') ? path : `${base}/${path}`);
}

/** The relative path from folder `from` to `to` (both absolute), e.g. `../images/a.jpg`. */
export function relativePath(from: string, to: string): string {
  const a = normalizePath(from).split('/').filter(Boolean);
  const b = normalizePath(to).split('/').filter(Boolean);
  let common = 0;
  while (common < a.length && common < b.length && a[common] === b[common]) common++;
  const up = a.slice(common).map(() => '..');
  const rel = [...up, ...b.slice(common)].join('/');
  return rel || '.';
}

/** Whether `path` is `folder` or inside it. */
export function isInside(folder: string, path: string): boolean {
  const f = normalizePath(folder);
  const p = normalizePath(path);
  return p === f || p.startsWith(f.endsWith('/') ? f : `${f}/`);
}

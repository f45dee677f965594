// Where a path that is about to be written really is on a local disk: the real path of the
// deepest part of it that exists, against the real path of the workspace folder (a cloned
// repository can hold `images -> ~/.ssh`, or `CREDITS.md -> ~/.ssh/config`).
import { promises as fs } from 'node:fs';
import { basename, dirname, isAbsolute, join, relative, sep } from 'node:path';

function inside(root: string, path: string): string | undefined {
  const rel = relative(root, path);
  return rel === '' || (!rel.startsWith('..') && !isAbsolute(rel)) ? rel.split(sep).join('/') : undefined;
}

/**
 * `path` (a file or a folder, made as needed) as it really is below `root`'s real path
 * (`/`-separated, '' for the root), or undefined when it leaves it: through a link, or by a link
 * to nowhere on the way (what it would make cannot be known).
 */
export async function realPathInRoot(path: string, root: string): Promise<string | undefined> {
  const realRoot = await fs.realpath(root).catch(() => undefined);
  if (realRoot === undefined) return inside(root, path);
  const missing: string[] = [];
  for (let current = path; ; ) {
    const real = await fs.realpath(current).catch(() => undefined);
    if (real !== undefined) return inside(realRoot, join(real, ...missing));
    // Missing: fine, it will be made as a plain folder or file, unless it is a link to nowhere.
    const link = await fs.lstat(current).catch(() => undefined);
    if (link?.isSymbolicLink()) return undefined;
    const parent = dirname(current);
    if (parent === current) return undefined;
    missing.unshift(basename(current));
    current = parent;
  }
}

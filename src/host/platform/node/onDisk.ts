// Whether a folder for saved files leaves its workspace folder on a local disk: the real
// path of the deepest folder that exists, against the real path of the root (a cloned
// repository can hold `images -> ~/.ssh`).
import { promises as fs } from 'node:fs';
import { dirname, isAbsolute, relative } from 'node:path';

function within(root: string, path: string): boolean {
  const rel = relative(root, path);
  return rel === '' || (!rel.startsWith('..') && !isAbsolute(rel));
}

export async function leavesRootOnDisk(folder: string, root: string): Promise<boolean> {
  const realRoot = await fs.realpath(root).catch(() => undefined);
  if (realRoot === undefined) return false;
  for (let current = folder; ; ) {
    const real = await fs.realpath(current).catch(() => undefined);
    if (real !== undefined) return !within(realRoot, real);
    // Missing: fine, it will be made as a plain folder, unless it is a link to nowhere.
    const link = await fs.lstat(current).catch(() => undefined);
    if (link?.isSymbolicLink()) return true;
    const parent = dirname(current);
    if (parent === current) return true;
    current = parent;
  }
}

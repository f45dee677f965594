// Whether a folder for saved files leaves its workspace folder through a symbolic link
// (a cloned repository can hold `images -> ~/.ssh`). The path itself is checked in core
// (destination.ts); this checks what is on disk. Local files: the real path of the deepest
// folder that exists, against the real path of the root. Other file systems: no step
// below the root may be a symbolic link, since where it points cannot be seen.
import { promises as fs } from 'node:fs';
import { dirname as nodeDirname, isAbsolute, relative } from 'node:path';
import * as vscode from 'vscode';
import { relativePath } from '../../core/insert/paths';

function within(root: string, path: string): boolean {
  const rel = relative(root, path);
  return rel === '' || (!rel.startsWith('..') && !isAbsolute(rel));
}

async function leavesOnDisk(folder: string, root: string): Promise<boolean> {
  const realRoot = await fs.realpath(root).catch(() => undefined);
  if (realRoot === undefined) return false;
  for (let current = folder; ; ) {
    const real = await fs.realpath(current).catch(() => undefined);
    if (real !== undefined) return !within(realRoot, real);
    // Missing: fine, it will be made as a plain folder, unless it is a link to nowhere.
    const link = await fs.lstat(current).catch(() => undefined);
    if (link?.isSymbolicLink()) return true;
    const parent = nodeDirname(current);
    if (parent === current) return true;
    current = parent;
  }
}

/** True when writing into `folder` (made as needed) could land outside `root`. */
export async function leavesRoot(folder: vscode.Uri, root: vscode.Uri): Promise<boolean> {
  if (folder.scheme === 'file' && root.scheme === 'file') return leavesOnDisk(folder.fsPath, root.fsPath);
  const steps = relativePath(root.path, folder.path)
    .split('/')
    .filter((s) => s !== '' && s !== '.');
  if (steps.includes('..')) return true;
  let current = root;
  for (const step of steps) {
    current = vscode.Uri.joinPath(current, step);
    const stat = await Promise.resolve(vscode.workspace.fs.stat(current)).catch(() => undefined);
    if (!stat) return false;
    if ((stat.type & vscode.FileType.SymbolicLink) !== 0) return true;
  }
  return false;
}

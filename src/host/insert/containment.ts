// Whether a file or folder about to be written leaves its workspace folder through a symbolic
// link (a cloned repository can hold `images -> ~/.ssh` or `CREDITS.md -> ~/.ssh/config`), or
// lies in a `.git` folder (core/gitFolder.ts), by its path or where a link leads. The path itself
// is checked in core (destination.ts, creditsFile.ts); this checks what is on disk. Local files
// where the host reaches them (Node): real paths compared (platform/node/onDisk.ts). Everything
// else, and every file system on the web: step by step through `workspace.fs`, where a link's
// target cannot be seen, so no step below the root, the file's own name included, may be a
// symbolic link (core/insert/linkWalk.ts).
import * as vscode from 'vscode';
import { inGitFolder } from '../../core/gitFolder';
import { linkOnTheWay } from '../../core/insert/linkWalk';
import type { LocalDisk } from '../platform';

/**
 * 'leaves': out of the root (through a link); 'uncheckedLink': through a link whose target
 * cannot be checked here; 'gitFolder': in a `.git` folder of the root, by name or through a link.
 */
export type ContainmentProblem = 'leaves' | 'uncheckedLink' | 'gitFolder';

/** Why writing `path` (a file, or a folder made as needed) could land outside `root` or in its `.git`, or undefined when it cannot. */
export async function containmentProblem(
  path: vscode.Uri,
  root: vscode.Uri,
  disk: LocalDisk | undefined,
  fs: Pick<vscode.FileSystem, 'stat'> = vscode.workspace.fs,
): Promise<ContainmentProblem | undefined> {
  if (path.scheme !== root.scheme || path.authority !== root.authority) return 'leaves';
  const rootPath = root.path.replace(/\/+$/, '');
  if (path.path.startsWith(`${rootPath}/`) && inGitFolder(path.path.slice(rootPath.length + 1))) return 'gitFolder';
  if (disk && path.scheme === 'file') {
    const real = await disk.realPathInRoot(path.fsPath, root.fsPath);
    return real === undefined ? 'leaves' : inGitFolder(real) ? 'gitFolder' : undefined;
  }
  const found = await linkOnTheWay(root.path, path.path, async (step) => {
    const stat = await Promise.resolve(fs.stat(root.with({ path: step }))).catch(() => undefined);
    if (!stat) return undefined;
    return (stat.type & vscode.FileType.SymbolicLink) !== 0 ? 'link' : 'other';
  });
  return found === 'outside' ? 'leaves' : found === 'link' ? 'uncheckedLink' : undefined;
}

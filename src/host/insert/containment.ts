// Whether a folder for saved files leaves its workspace folder through a symbolic link
// (a cloned repository can hold `images -> ~/.ssh`). The path itself is checked in core
// (destination.ts); this checks what is on disk. Local files where the host reaches them
// (Node): real paths compared (platform/node/onDisk.ts). Everything else, and every file
// system on the web: step by step through `workspace.fs`, where a link's target cannot be
// seen, so no step below the root may be a symbolic link (core/insert/linkWalk.ts).
import * as vscode from 'vscode';
import { linkOnTheWay } from '../../core/insert/linkWalk';
import type { LocalDisk } from '../platform';

/** 'leaves': out of the root (through a link); 'uncheckedLink': through a link whose target cannot be checked here. */
export type ContainmentProblem = 'leaves' | 'uncheckedLink';

/** Why writing into `folder` (made as needed) could land outside `root`, or undefined when it cannot. */
export async function containmentProblem(
  folder: vscode.Uri,
  root: vscode.Uri,
  disk: LocalDisk | undefined,
  fs: Pick<vscode.FileSystem, 'stat'> = vscode.workspace.fs,
): Promise<ContainmentProblem | undefined> {
  if (disk && folder.scheme === 'file' && root.scheme === 'file') return (await disk.leavesRoot(folder.fsPath, root.fsPath)) ? 'leaves' : undefined;
  if (folder.scheme !== root.scheme || folder.authority !== root.authority) return 'leaves';
  const found = await linkOnTheWay(root.path, folder.path, async (path) => {
    const stat = await Promise.resolve(fs.stat(root.with({ path }))).catch(() => undefined);
    if (!stat) return undefined;
    return (stat.type & vscode.FileType.SymbolicLink) !== 0 ? 'link' : 'other';
  });
  return found === 'outside' ? 'leaves' : found === 'link' ? 'uncheckedLink' : undefined;
}

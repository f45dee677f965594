// Whether a path lies in a Git repository's own folder, which no write of this extension may
// touch: a block appended to `.git/config`, or a file in `.git/hooks/`, changes what git does
// (a repository's settings can name such a path). Any step of the path counts (`sub/.git/x`: a
// submodule's or a nested repository's), in any case (`.GIT` is the same folder on a
// case-insensitive disk), and so do the names Windows reads as `.git` (trailing dots or
// spaces, the short name `git~1`), as git checks its own paths (`is_ntfs_dotgit`).

/** True when a step of `path` (relative, `/`- or `\`-separated) names `.git`. */
export function inGitFolder(path: string): boolean {
  return path.split(/[\\/]/).some((step) => /^(?:\.git[. ]*|git~1)$/i.test(step));
}

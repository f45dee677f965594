// Whether a folder for saved files can be reached from its workspace folder without passing
// a symbolic link, asked step by step of a file system that can say what a path is but not
// where a link points (`workspace.fs`: every file system on the web, and the non-local ones
// in the Node host). A link is refused whatever its target: where it leads cannot be seen.

/** What a path is: a symbolic link, something else, or nothing (not there yet). */
export type StepKind = 'link' | 'other' | undefined;

/**
 * 'outside' when `folder` is not below `root`; 'link' when a step from `root` down to it
 * is a symbolic link; undefined when every step is a plain folder or not there yet (the
 * missing ones will be made as plain folders). Paths are `/`-separated.
 */
export async function linkOnTheWay(root: string, folder: string, kindOf: (path: string) => Promise<StepKind>): Promise<'outside' | 'link' | undefined> {
  const rootSteps = root.split('/').filter((s) => s !== '' && s !== '.');
  const steps = folder.split('/').filter((s) => s !== '' && s !== '.');
  if (steps.includes('..') || rootSteps.includes('..')) return 'outside';
  if (steps.length < rootSteps.length || rootSteps.some((step, i) => steps[i] !== step)) return 'outside';
  let current = `/${rootSteps.join('/')}`.replace(/^\/$/, '');
  for (const step of steps.slice(rootSteps.length)) {
    current = `${current}/${step}`;
    const kind = await kindOf(current);
    if (kind === undefined) return undefined;
    if (kind === 'link') return 'link';
  }
  return undefined;
}

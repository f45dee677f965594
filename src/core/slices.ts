// Work cut in slices, so that the extension host runs other things between them (the workspace
// scan: host/credits/scanWorkspace.ts). A pause is one macrotask, shared: while it is under way
// everything that uses the same Slices waits for it.
//
// Workers that share one Slices (each reading files, say) must look at due() right before their
// work, in the same microtask, and not only through pauseIfDue(): a worker that passed the check
// and then awaited something does its work after the others have done theirs, and a slice lasts
// SLICE_MS for each of them instead of for all of them together.

/** How long the work runs before it lets the extension host do something else. */
export const SLICE_MS = 10;

export class Slices {
  private started = performance.now();
  private pausing: Promise<void> | undefined;

  /** After an await that let the host run anyway. */
  restart(): void {
    this.started = performance.now();
  }

  /** Whether the slice is used up, or a pause is under way: pause() before working on. */
  due(): boolean {
    return this.pausing !== undefined || performance.now() - this.started >= SLICE_MS;
  }

  /** A macrotask (whatever the host has queued runs first), the same one for every caller meanwhile; a new slice after it. */
  pause(): Promise<void> {
    this.pausing ??= new Promise<void>((resolve) => setTimeout(resolve, 0)).then(() => {
      this.pausing = undefined;
      this.restart();
    });
    return this.pausing;
  }

  /** For one loop alone: resolves at once while the slice lasts, else after a pause. */
  async pauseIfDue(): Promise<void> {
    while (this.due()) await this.pause();
  }
}

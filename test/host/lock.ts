// A cross-process lock made of a directory (mkdir is atomic), so two test runs never
// build into the same cache folder at once. A lock whose owner process is gone is stale
// and taken over, so a killed run does not block the next one.
import { mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';

interface Owner {
  readonly pid: number;
  readonly host: string;
}

export interface LockOptions {
  readonly timeoutMs: number;
  /** Told once when the lock is busy, to say why the run is waiting. */
  readonly onWait?: (line: string) => void;
}

export async function acquireLock(path: string, options: LockOptions): Promise<() => void> {
  const deadline = Date.now() + options.timeoutMs;
  let told = false;
  for (;;) {
    try {
      mkdirSync(path);
      writeFileSync(join(path, 'owner.json'), JSON.stringify({ pid: process.pid, host: hostname() } satisfies Owner));
      return () => rmSync(path, { recursive: true, force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    if (isStale(path)) {
      rmSync(path, { recursive: true, force: true });
      continue;
    }
    if (!told) {
      options.onWait?.(`[lock] Waiting for another run that holds ${path}`);
      told = true;
    }
    if (Date.now() > deadline) {
      throw new Error(`[lock] Gave up after ${Math.round(options.timeoutMs / 60_000)} min waiting for ${path}; remove it if no other run is going on`);
    }
    await new Promise((r) => setTimeout(r, 1000));
  }
}

function isStale(path: string): boolean {
  let owner: Owner;
  try {
    owner = JSON.parse(readFileSync(join(path, 'owner.json'), 'utf8')) as Owner;
  } catch {
    // Created but the owner not written yet, or never: stale only once it is old.
    try {
      return Date.now() - statSync(path).mtimeMs > 10_000;
    } catch {
      return false;
    }
  }
  if (owner.host !== hostname()) return false;
  try {
    process.kill(owner.pid, 0);
    return false;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'ESRCH';
  }
}

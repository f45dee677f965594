// Follows a file another process appends to (the extension host's test report) and hands
// each new chunk on as it arrives, like `tail -f`.
import { appendFileSync, closeSync, openSync, readSync } from 'node:fs';

export class FileTail {
  private offset = 0;
  private timer: NodeJS.Timeout | undefined;
  private seen = false;
  private readonly waiters: Array<() => void> = [];

  constructor(
    private readonly path: string,
    private readonly onText: (text: string) => void,
    private readonly intervalMs = 200,
  ) {}

  start(): void {
    this.timer ??= setInterval(() => this.poll(), this.intervalMs);
  }

  /** Reads what is left and stops following. */
  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    this.poll();
  }

  /** Resolves true once the file has any content, false if none came within `ms`. */
  firstData(ms: number): Promise<boolean> {
    if (this.seen) return Promise.resolve(true);
    return new Promise((resolve) => {
      const timer = setTimeout(() => resolve(false), ms);
      this.waiters.push(() => {
        clearTimeout(timer);
        resolve(true);
      });
    });
  }

  private poll(): void {
    let fd: number;
    try {
      fd = openSync(this.path, 'r');
    } catch {
      return;
    }
    try {
      const buffer = Buffer.alloc(64 * 1024);
      const chunks: Buffer[] = [];
      for (;;) {
        const n = readSync(fd, buffer, 0, buffer.length, this.offset);
        if (n === 0) break;
        this.offset += n;
        chunks.push(Buffer.from(buffer.subarray(0, n)));
      }
      if (chunks.length === 0) return;
      // A multi-byte character may be split across reads; decoding the joined bytes is fine
      // unless the writer is mid-character, which appendFileSync of whole lines avoids.
      this.onText(Buffer.concat(chunks).toString('utf8'));
      if (!this.seen) {
        this.seen = true;
        for (const wake of this.waiters.splice(0)) wake();
      }
    } finally {
      closeSync(fd);
    }
  }
}

/** Appends one line to a log file, never throwing (logs must not break a run). */
export function appendLine(path: string, line: string): void {
  try {
    appendFileSync(path, line.endsWith('\n') ? line : line + '\n');
  } catch {
    // Ignore: diagnostics only.
  }
}

// The files In This Workspace reads again after a change (model.ts), each once it has been
// quiet for the credit check's pause: an edit counts from now, a file changed on the local disk
// from its time of change (VS Code may tell of it a while later, or twice).
import * as vscode from 'vscode';
import { WATCH_DEBOUNCE_MS } from '../credits/enabled';

export class Pauses implements vscode.Disposable {
  private readonly timers = new Map<string, ReturnType<typeof setTimeout>>();

  constructor(private readonly reread: (uri: vscode.Uri) => Promise<void>) {}

  /** Reads the file again after the pause (counted from `changedAt`, epoch ms, when given). */
  later(uri: vscode.Uri, changedAt?: number): void {
    const key = uri.toString();
    const quiet = changedAt === undefined ? 0 : Math.max(0, Date.now() - changedAt);
    clearTimeout(this.timers.get(key));
    const done = (): void => {
      this.timers.delete(key);
      void this.reread(uri);
    };
    this.timers.set(key, setTimeout(done, Math.max(0, WATCH_DEBOUNCE_MS - quiet)));
  }

  /** Reads now the files waiting for their pause; resolves once they are read. */
  async settle(): Promise<void> {
    const waiting = [...this.timers.keys()];
    for (const key of waiting) clearTimeout(this.timers.get(key));
    this.timers.clear();
    await Promise.all(waiting.map((key) => this.reread(vscode.Uri.parse(key))));
  }

  dispose(): void {
    this.timers.forEach((t) => clearTimeout(t));
    this.timers.clear();
  }
}

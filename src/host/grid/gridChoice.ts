// The grid's choose mode, for the agent's stockMedia_pickMedia (host/agent/pickTool.ts): while
// the agent waits, the webview shows the model's prompt above the tiles and a Choose action on
// each; the wait ends with the media the person chose, or with nothing when they stop (Escape,
// Cancel), close the grid, the call is cancelled or another choice takes its place.
import type * as vscode from 'vscode';
import type { MediaItem } from '../../core/model';
import type { ToWebview } from '../../shared/protocol';

export class GridChoice {
  private waiting: { readonly prompt: string; done(media: MediaItem | undefined): void } | undefined;

  /** `post`: what tells the grid's webview. */
  constructor(private readonly post: (message: ToWebview) => void) {}

  /** Whether the agent waits for the person to choose. */
  get active(): boolean {
    return this.waiting !== undefined;
  }

  /** Shows `prompt` and waits; a choice under way ends first, as stopped. */
  start(prompt: string, token: vscode.CancellationToken): Promise<MediaItem | undefined> {
    this.end(undefined);
    if (token.isCancellationRequested) return Promise.resolve(undefined);
    return new Promise((resolve) => {
      const waiting = {
        prompt,
        done: (media: MediaItem | undefined): void => {
          if (this.waiting !== waiting) return;
          this.waiting = undefined;
          cancelled.dispose();
          this.post({ type: 'choose', prompt: null });
          resolve(media);
        },
      };
      const cancelled = token.onCancellationRequested(() => waiting.done(undefined));
      this.waiting = waiting;
      this.post({ type: 'choose', prompt });
    });
  }

  /** The webview (shown again, reloaded) is told the prompt again while the agent waits. */
  repost(): void {
    if (this.waiting) this.post({ type: 'choose', prompt: this.waiting.prompt });
  }

  /** Ends the wait with `media` (chosen) or undefined (stopped); nothing when no one waits. */
  end(media: MediaItem | undefined): void {
    this.waiting?.done(media);
  }
}

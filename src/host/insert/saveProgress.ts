// The progress notification of a save: each file its share of the bar, and how many megabytes
// of it came (of how many, when the server said), numbered when there are several.
import * as vscode from 'vscode';

/** Megabytes with one decimal, in the display language's number format. */
function megabytes(bytes: number): string {
  return (bytes / 1048576).toLocaleString(vscode.env.language, { minimumFractionDigits: 1, maximumFractionDigits: 1 });
}

export class FileProgress {
  private reported = 0;
  private readonly share: number;

  /** File `n` (from 0) of `count`. */
  constructor(
    private readonly progress: vscode.Progress<{ message?: string; increment?: number }>,
    private readonly n: number,
    private readonly count: number,
  ) {
    this.share = 100 / count;
  }

  received(bytes: number, total: number | undefined): void {
    const done = total ? Math.min(this.share, (bytes / total) * this.share) : 0;
    const amount = total ? vscode.l10n.t('{0} of {1} MB', megabytes(bytes), megabytes(total)) : vscode.l10n.t('{0} MB', megabytes(bytes));
    this.progress.report({
      increment: done - this.reported,
      message: this.count > 1 ? vscode.l10n.t('{0} of {1}: {2}', this.n + 1, this.count, amount) : amount,
    });
    this.reported = done;
  }

  /** The file is done (saved, or linked instead): the rest of its share. */
  done(): void {
    this.progress.report({ increment: this.share - this.reported });
  }
}

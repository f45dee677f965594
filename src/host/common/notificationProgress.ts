// A progress notification that is gone when its task's outcome is shown. The workbench keeps a
// progress notification on screen for at least 800 ms however soon its task ends
// (progressService's `withNotificationProgress`), so a message shown right after a quick task
// would sit next to a finished "1 of 1 · Cancel". This resolves once the notification is closed.
import * as vscode from 'vscode';

/** How long the workbench shows a progress notification at least. */
export const NOTIFICATION_PROGRESS_MIN_MS = 800;

export async function withNotificationProgress<T>(
  options: Omit<vscode.ProgressOptions, 'location'>,
  task: (progress: vscode.Progress<{ message?: string; increment?: number }>, token: vscode.CancellationToken) => Thenable<T>,
): Promise<T> {
  const started = Date.now();
  try {
    return await vscode.window.withProgress({ ...options, location: vscode.ProgressLocation.Notification }, task);
  } finally {
    const left = started + NOTIFICATION_PROGRESS_MIN_MS - Date.now();
    if (left > 0) await new Promise((resolve) => setTimeout(resolve, left));
  }
}

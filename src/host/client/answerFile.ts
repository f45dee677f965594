// The stored answers' file (core/answerStore.ts) in the extension's global storage, through
// workspace.fs so that it works the same in the Node and the web worker host. Global storage
// is per machine and never synced: what was seen on one computer stays there.
import * as vscode from 'vscode';
import type { StoreFile } from '../../core/answerStore';

export const ANSWERS_FILE_NAME = 'answers-cache.json';

function isMissing(error: unknown): boolean {
  return error instanceof vscode.FileSystemError && error.code === 'FileNotFound';
}

export function answerFileIn(storage: vscode.Uri): StoreFile {
  const file = vscode.Uri.joinPath(storage, ANSWERS_FILE_NAME);
  return {
    async read() {
      try {
        return await vscode.workspace.fs.readFile(file);
      } catch (error) {
        if (isMissing(error)) return undefined;
        throw error;
      }
    },
    async write(bytes) {
      // The folder does not exist until the extension first stores something.
      await vscode.workspace.fs.createDirectory(storage);
      await vscode.workspace.fs.writeFile(file, bytes);
    },
    async delete() {
      try {
        await vscode.workspace.fs.delete(file);
      } catch (error) {
        if (!isMissing(error)) throw error;
      }
    },
  };
}

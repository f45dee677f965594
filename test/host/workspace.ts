// A throwaway copy of the fixture workspace, so tests may edit files and settings freely.
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

export interface TestWorkspace {
  /** Absolute path of the copied folder (what VS Code opens). */
  readonly path: string;
  dispose(): void;
}

export interface WorkspaceOptions {
  /** Folder to copy; default `<repo>/test/fixtures/workspace`. */
  readonly fixture?: string;
  /** Merged into the fixture's `.vscode/settings.json` (the extension reads workspace settings). */
  readonly settings?: Readonly<Record<string, unknown>>;
}

export function repoRoot(): string {
  // Bundles live in <repo>/out/<folder>/, sources in <repo>/test/<folder>/.
  return resolve(__dirname, '..', '..');
}

export function createWorkspace(options: WorkspaceOptions = {}): TestWorkspace {
  const fixture = options.fixture ?? join(repoRoot(), 'test', 'fixtures', 'workspace');
  // realpath: the workbench and the extension host compare paths; /tmp may be a symlink.
  const parent = realpathSync(mkdtempSync(join(tmpdir(), 'stock-media-ws-')));
  const path = join(parent, 'workspace');
  cpSync(fixture, path, { recursive: true });
  if (options.settings) {
    const file = join(path, '.vscode', 'settings.json');
    // Fixture settings are plain JSON (no comments), so they can be merged.
    const base = existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>) : {};
    mkdirSync(join(path, '.vscode'), { recursive: true });
    writeFileSync(file, JSON.stringify({ ...base, ...options.settings }, null, 2) + '\n');
  }
  const remove = (): void => rmSync(parent, { recursive: true, force: true, maxRetries: 3 });
  // Also when the run exits without disposing it (process.exit on a failure or a signal).
  process.once('exit', remove);
  return {
    path,
    dispose: () => {
      process.removeListener('exit', remove);
      remove();
    },
  };
}

// A throwaway copy of the fixture workspace, so tests may edit files and settings freely.
import { cpSync, mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
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
  /** Written to `.vscode/settings.json` (the extension reads workspace settings). */
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
    mkdirSync(join(path, '.vscode'), { recursive: true });
    writeFileSync(join(path, '.vscode', 'settings.json'), JSON.stringify(options.settings, null, 2) + '\n');
  }
  return { path, dispose: () => rmSync(parent, { recursive: true, force: true, maxRetries: 3 }) };
}

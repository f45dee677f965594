// What one insert wrote into the workspace, so that a failure or a cancel part-way (the
// poster saved, the video not; the first of three items saved, the second not) takes it all
// back: the files this insert wrote are removed again, never a file it reused because it
// was already there, and then each folder it made, deepest first, if it is empty.
// Paths are the URI paths the inserter works with; the file system is handed in
// (workspace.fs in the host), so this stays free of 'vscode' and runs in plain Node.

export interface LedgerFs {
  /** Whether anything (file or folder) is at `path`. */
  exists(path: string): Promise<boolean>;
  /** The names in the folder at `path`. */
  list(path: string): Promise<readonly string[]>;
  /** Removes the file, or the empty folder, at `path`. */
  remove(path: string): Promise<void>;
}

function parent(path: string): string {
  const cut = path.replace(/\/+$/, '').lastIndexOf('/');
  return cut <= 0 ? '/' : path.slice(0, cut);
}

export class WrittenFiles {
  private readonly files: string[] = [];
  /** Folders this insert is about to make, in the order made (shallow first). */
  private readonly folders: string[] = [];

  constructor(private readonly fs: LedgerFs) {}

  /**
   * Called before anything is written into `folder` (inside `root`, which exists): notes
   * the folders between them that do not exist yet, which the save will make.
   */
  async beforeWritingInto(folder: string, root: string): Promise<void> {
    const missing: string[] = [];
    const top = root.replace(/\/+$/, '') || '/';
    for (let current = folder.replace(/\/+$/, '') || '/'; current !== top && current.startsWith(`${top === '/' ? '' : top}/`); current = parent(current)) {
      if (this.folders.includes(current) || (await this.fs.exists(current))) break;
      missing.unshift(current);
    }
    this.folders.push(...missing);
  }

  /** A file the save made (`reused`: it was there already, identical, and is not this insert's). */
  saved(path: string, reused: boolean): void {
    if (!reused && !this.files.includes(path)) this.files.push(path);
  }

  /** The files this insert wrote. */
  get written(): readonly string[] {
    return this.files;
  }

  /** Removes what this insert wrote; resolves to what could not be removed (none, normally). */
  async takeBack(): Promise<string[]> {
    const left: string[] = [];
    for (const file of this.files.splice(0)) {
      await this.fs.remove(file).catch(() => left.push(file));
    }
    for (const folder of this.folders.splice(0).reverse()) {
      const names = await this.fs.list(folder).catch(() => undefined);
      // Gone already, or holding something else (another save, the user's file): left alone.
      if (names === undefined || names.length > 0) continue;
      await this.fs.remove(folder).catch(() => left.push(folder));
    }
    return left;
  }
}

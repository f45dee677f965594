// What the bench runner (test/bench/run.ts, this machine's Node) and its agent inside the
// extension host (test/bench/vscode/index.ts) say to each other. The agent cannot be
// reached from outside, so it calls the runner: it says hello, then asks for its next
// task over and over, carrying the previous task's reply, until it is told it is done.
// The runner is then free to drive the page with Playwright between two tasks.

/** The runner's control URL, handed to the extension host through its environment. */
export const CONTROL_ENV = 'STOCK_MEDIA_BENCH_CONTROL';

export type Task =
  /** The extension's own timings (activate() returns them) and whether a key is stored. */
  | { op: 'activation' }
  /** Any command, with one argument; the reply is its result. */
  | { op: 'command'; command: string; args?: unknown }
  /** Loads a fresh copy of the extension's bundle in this host: its own compile and top-level cost. */
  | { op: 'bundleLoad' }
  /**
   * A feature command run twice through `vscode.commands`, each timed from the call to its
   * result: the first time in a host where no feature is made yet, then again.
   */
  | { op: 'firstCommand'; command: string }
  /** Each feature's part not made yet, made now by reading it from the container, each timed. */
  | { op: 'featuresSetUp' }
  /** Heap used before and after these searches, each through `stockMedia.search`. */
  | { op: 'heap'; queries: readonly string[] }
  /**
   * These searches through `stockMedia.search`, fired one after another without waiting (a
   * keybinding pressed in a row, another extension): the client's cache is emptied first, so
   * each could cost a request.
   */
  | { op: 'searchesInARow'; queries: readonly string[] }
  /** Looks these photos up through the extension's client (getPhoto); the reply is how many were found. */
  | { op: 'lookUp'; photoIds: readonly number[] }
  /**
   * Set as Cover Image (`stockMedia.setCoverImage`, as the grid's menu runs it) for each of these
   * photos, each on a new Markdown page with a front matter; the media from the client (already seen).
   */
  | { op: 'coverSeen'; photoIds: readonly number[] }
  | { op: 'agentCovers'; pages: readonly { query: string; file: string }[] }
  /** Opens a new Markdown page, shown and focused, for the runner to paste into. */
  | { op: 'newMarkdown' }
  /** Reverts and closes every editor this agent opened (no save prompt). */
  | { op: 'closePages' }
  /** Forgets every answer the extension's client holds (a browse that starts cold). */
  | { op: 'clearCache' }
  /** The extension host's heap used now, settled (a collection when one can be had). */
  | { op: 'heapNow' }
  /** A heap snapshot of the extension host, settled first, written to `path` (to find what a row keeps). */
  | { op: 'heapSnapshot'; path: string }
  /** Expands the featured collection titled `title` in the tree and presses "Load more…" to its end. */
  /** `profileDir`: also write a CPU profile and heap snapshots (before, after) there. */
  | { op: 'treeBrowse'; title: string; profileDir?: string }
  /** Opens the featured collection titled `title` in the grid (the tree's Open in Grid). */
  | { op: 'collectionGrid'; title: string }
  /**
   * An untitled Markdown page (no media) opened and closed again, once VS Code's own Markdown
   * extensions (onLanguage:markdown) are active: the first Markdown file in a window activates
   * them (about 15 MB of heap, markdown-it, highlight.js, KaTeX), Stock Media installed or not.
   * The reply is how many of them there are.
   */
  | { op: 'markdownActive' }
  /** Opens each file in an editor and runs the credit check on it. */
  | { op: 'creditCheck'; files: readonly string[] }
  /** Runs Write Credits File, answering its confirmation with Continue; `profileDir`: also a CPU profile there. */
  | { op: 'writeCredits'; profileDir?: string }
  /** Looks these media up through the extension's client (getMedia); the reply is how many were found. */
  | { op: 'lookUpMedia'; media: readonly { kind: 'photo' | 'video'; id: number }[] }
  /**
   * In This Workspace shown (its first scan) or refreshed, until every media it lists is known;
   * then, with `change`, that file of the workspace rewritten on disk until the view lists it again.
   */
  | { op: 'workspaceMedia'; refresh: boolean; change?: { file: string; text: string }; profileDir?: string }
  /**
   * In This Workspace (`workspaceMedia`, as that task: shown, or refreshed) or Write Credits File
   * (`writeCredits`, as that task), watched: the workspace's files the extension reads through
   * its `workspace.fs` while it runs, and the longest single block of the extension host's
   * event loop meanwhile.
   */
  | { op: 'watched'; command: 'workspaceMedia' | 'writeCredits'; refresh: boolean }
  /** run() returns: the workbench ends the test session. */
  | { op: 'done' };

export type Reply = { ok: true; value: unknown } | { ok: false; error: string };

export interface Hello {
  readonly vscodeVersion: string;
  readonly node: string;
  /** vscode.ExtensionMode of the extension under test, by name. */
  readonly extensionMode: string;
  readonly remoteName: string | undefined;
  /** Whether Node's fetch (undici) was loaded in this host before the extension was. */
  readonly fetchLoadedBefore: boolean;
}

export interface NextRequest {
  readonly reply: Reply | null;
}

export interface ActivationFigures {
  /** Whether VS Code activated the extension (onStartupFinished) rather than the agent asking it to. */
  readonly byVsCode: boolean;
  readonly activationMs: number;
  readonly loadAndActivateMs: number | null;
  /** From requiring the bundle (test/vscode/underTest.node.ts) to the end of activate(), VS Code's own set-up included. */
  readonly loadToActivatedMs: number | null;
  readonly hasKey: boolean;
  /** The features' parts made when these were read (none is made at activation). */
  readonly featuresMade: readonly string[];
  /** The same figures of the empty extension loaded beside this one; null when it is not there. */
  readonly empty: EmptyActivationFigures | null;
}

export interface EmptyActivationFigures {
  /** Whether VS Code activated it (onStartupFinished) rather than the agent. */
  readonly byVsCode: boolean;
  readonly loadAndActivateMs: number;
  readonly loadToActivatedMs: number;
  /** Whether its bundle was loaded before this extension's. */
  readonly loadedFirst: boolean;
}

export interface FirstCommandFigures {
  /** The features' parts made before the command ran (none expected). */
  readonly madeBefore: readonly string[];
  /** The call to its result, the first time, and the parts it made. */
  readonly firstMs: number;
  readonly made: readonly string[];
  /** The same command again, its parts made. */
  readonly againMs: number;
}

export interface FeaturesSetUpFigures {
  /** Each part not made before, in the order made, and how long reading it from the container took. */
  readonly parts: readonly { readonly name: string; readonly ms: number }[];
  /** The parts that were made already. */
  readonly madeBefore: readonly string[];
}

export interface InARowFigures {
  /** Requests the client sent (retries included) for all of them. */
  readonly sent: number;
  /** The query the grid shows at the end, and its state. */
  readonly finalQuery: string | null;
  readonly status: string;
  /** Commands that said the search was refused (should be 0). */
  readonly refused: number;
  readonly ms: number;
}

export interface HeapFigures {
  readonly before: number;
  readonly after: number;
  /** How the heap was settled before each reading. */
  readonly method: 'global.gc' | 'v8 --expose-gc' | 'median after a pause';
  readonly searches: number;
  /** Searches whose grid did not end up loaded (should be 0). */
  readonly failed: number;
  readonly ms: number;
}

export interface HeapNow {
  readonly used: number;
  readonly method: HeapFigures['method'];
}

export interface TreeBrowseFigures {
  readonly items: number;
  readonly loads: number;
  /** Load more pressed → the new last item revealed in the workbench, each load. */
  readonly loadMs: readonly number[];
  /** Load more pressed → its command done: the page requested, read and added (the request), each load. */
  readonly requestMs: readonly number[];
  readonly ms: number;
}

export interface CreditCheckFigures {
  readonly files: number;
  /** The check of each file, once it is shown in the editor. */
  readonly checkMs: readonly number[];
  /** Opening and showing each file in the editor (VS Code's own work, for comparison). */
  readonly openMs: readonly number[];
  readonly diagnostics: number;
  /** Background look-ups the check counted this hour (its budget). */
  readonly budgetUsed: number;
  readonly ms: number;
}

/** One run of "agent: covers for 20 pages": covers set, requests the client sent, milliseconds per page. */
export interface AgentCoversRun {
  readonly set: number;
  readonly clientRequests: number;
  readonly msPerPage: number;
  /** Of which the search. */
  readonly searchMsPerPage: number;
}

export interface CoverSeenFigures {
  /** Covers the command reported as set. */
  readonly set: number;
  /** Requests the extension's client sent meanwhile (look-ups included). */
  readonly clientRequests: number;
}

export interface WorkspaceMediaFigures {
  /** The view shown (or refreshed) → every media listed with its label, none by its reference. */
  readonly ms: number;
  /** The scan alone (the files read). */
  readonly scanMs: number;
  readonly files: number;
  readonly media: number;
  readonly uses: number;
  readonly missing: number;
  /** Media still shown by their reference at the end. */
  readonly unknown: number;
  /** The changed file written → the view lists its new use (the watcher's pause included); undefined without `change`. */
  readonly changeMs?: number;
}

export interface WriteCreditsFigures {
  readonly result: string;
  readonly media: number;
  readonly requests: number;
  readonly message: string;
  readonly ms: number;
  /** Progress messages reported while it ran. */
  readonly progressReports: number;
}

export interface WatchedFigures {
  /** The command's own figures. */
  readonly outcome: WorkspaceMediaFigures | WriteCreditsFigures;
  /**
   * The workspace files (paths relative to its folder) the extension read (`workspace.fs.readFile`)
   * and looked at (`stat`) while the command ran; null when its `workspace.fs` could not be
   * watched (then only the scan's own count, In This Workspace's `files`, is there).
   */
  readonly read: readonly string[] | null;
  readonly statted: readonly string[] | null;
  /** The extension host's longest single block of its event loop while the command ran (`perf_hooks.monitorEventLoopDelay`). */
  readonly longestBlockMs: number;
  /**
   * The same, sampled for as long (at most IDLE_SAMPLE_MAX_MS) right after, with nothing of the
   * extension running: what the machine's load alone shows (a host not given the CPU looks blocked).
   */
  readonly idleBlockMs: number;
  /** The sampler's resolution: a block shorter than this may not be seen. */
  readonly resolutionMs: number;
}

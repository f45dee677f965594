// The ignored-workspace figures (issue 32): In This Workspace and Write Credits File on a
// workspace of 10,000 files of which 9,000 are ignored: the load bench's 1,000 Markdown files
// (loadBench.ts: 300 distinct media, every one known to the client first) and 9,000 Markdown
// files in a `node_modules` that `.gitignore` leaves out, each naming a known photo too. Each
// command runs a few times in a window of its own, watched by the bench's agent (control.ts
// `watched`): the workspace's files it read, the API requests it cost (the local server's log),
// the longest single block of the extension host, and its time. The scan is whatever the
// extension has: these rows say whether the ignore rules come before the file cap (every user
// file read, no ignored one). `npm run bench -- --only ignored-workspace` prints them alone.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { photoPageUrl } from '../server/urls';
import type { WatchedFigures, WorkspaceMediaFigures, WriteCreditsFigures } from './control';
import type { LoadContext } from './loadBench';
import { LOAD_FILES, closeLoadWindow, openLoadWindow, writeLoadWorkspace } from './loadBench';
import { median } from './table';
import type { Row } from './table';
import type { BenchWindow } from './workbench';
import { loadMedia } from './workspaceMediaBench';

/** Ignored files, in IGNORED_PACKAGES folders of `node_modules`. */
export const IGNORED_FILES = 9_000;
const IGNORED_PACKAGES = 90;
/** Runs of each command (In This Workspace: shown once, then refreshed). */
const IGNORED_RUNS = 3;
/** The longest the extension host may be blocked at once (the developers' guide). */
const BLOCK_TARGET_MS = 50;

const COMMANDS = { list: 'workspaceMedia', credits: 'writeCredits' } as const;
type Which = keyof typeof COMMANDS;
const FIGURES = ['Ms', 'Read', 'Unread', 'Requests', 'Block'] as const;
export const IGNORED_KEYS = (Object.keys(COMMANDS) as Which[]).flatMap((which) => FIGURES.map((figure) => `ig-${which}${figure}`));

const blockNote = `the extension host's longest single block (perf_hooks.monitorEventLoopDelay, 2 ms samples) from the command's start to its end`;

export interface IgnoredSink {
  add(key: string, value: number): void;
  note(key: string, text: string): void;
  fail(keys: readonly string[], error: unknown): void;
}

/** The load workspace, with IGNORED_FILES Markdown files in a `node_modules` its `.gitignore` names. */
function writeIgnoredWorkspace(ctx: LoadContext, photoUrl: string): ReturnType<typeof writeLoadWorkspace> {
  const workspace = writeLoadWorkspace(ctx.api.library, ctx.api.origin);
  writeFileSync(join(workspace.path, '.gitignore'), 'node_modules/\n');
  const perPackage = IGNORED_FILES / IGNORED_PACKAGES;
  for (let p = 0; p < IGNORED_PACKAGES; p++) {
    const folder = join(workspace.path, 'node_modules', `package-${String(p).padStart(2, '0')}`, 'docs');
    mkdirSync(folder, { recursive: true });
    for (let f = 0; f < perPackage; f++) writeFileSync(join(folder, `page-${String(f).padStart(3, '0')}.md`), `# A dependency's page\n\n![Logo](${photoUrl})\n`);
  }
  return workspace;
}

/** What one watched run read, by kind of file. */
function readKinds(read: readonly string[], userFiles: ReadonlySet<string>): { user: number; ignored: number; gitignore: number; other: number } {
  const kinds = { user: 0, ignored: 0, gitignore: 0, other: 0 };
  for (const path of read) {
    if (path === '.gitignore' || path.endsWith('/.gitignore')) kinds.gitignore += 1;
    else if (path.startsWith('node_modules/')) kinds.ignored += 1;
    else if (userFiles.has(path)) kinds.user += 1;
    else kinds.other += 1;
  }
  return kinds;
}

export async function measureIgnoredWorkspace(ctx: LoadContext, sink: IgnoredSink): Promise<void> {
  const { api, control, log } = ctx;
  const media = loadMedia(api.library);
  const photoRef = media.find((m) => m.kind === 'photo');
  const photo = photoRef ? api.library.photoById.get(photoRef.id) : undefined;
  if (!photo) {
    sink.fail(IGNORED_KEYS, new Error('The load collection has no photo'));
    return;
  }
  const workspace = writeIgnoredWorkspace(ctx, photoPageUrl(api.origin, photo));
  const userFiles = new Set(workspace.files);
  let window: BenchWindow | undefined;
  try {
    window = await openLoadWindow(ctx, 'ignored-workspace', workspace.path);
    api.resetQuotas();
    api.setQuota(api.keys.alice, { hourlyLimit: 1_000, hourlyRemaining: 1_000 });
    await control.call({ op: 'command', command: 'stockMedia.setApiKey', args: { key: api.keys.alice } });
    const found = await control.call<number>({ op: 'lookUpMedia', media }, 10 * 60_000);
    if (found !== media.length) throw new Error(`${found} of ${media.length} media looked up`);
    for (const which of Object.keys(COMMANDS) as Which[]) {
      const key = (figure: (typeof FIGURES)[number]): string => `ig-${which}${figure}`;
      try {
        const notes: string[] = [];
        const idle: number[] = [];
        for (let run = 0; run < IGNORED_RUNS; run++) {
          const mark = api.log.length;
          const r = await control.call<WatchedFigures>({ op: 'watched', command: COMMANDS[which], refresh: run > 0 }, 10 * 60_000);
          const requests = api.log.length - mark;
          sink.add(key('Ms'), r.outcome.ms);
          sink.add(key('Requests'), requests);
          sink.add(key('Block'), r.longestBlockMs);
          idle.push(r.idleBlockMs);
          const result = 'result' in r.outcome ? `, ${r.outcome.result}` : '';
          if (r.read) {
            const kinds = readKinds(r.read, userFiles);
            const statted = readKinds(r.statted ?? [], userFiles);
            sink.add(key('Read'), r.read.length);
            // Reached: read, or its stamp looked at (a file unchanged since the last scan is not read again).
            const reached = new Set([...r.read, ...(r.statted ?? [])].filter((path) => userFiles.has(path)));
            sink.add(key('Unread'), LOAD_FILES - reached.size);
            notes.push(`${kinds.user}+${kinds.ignored}+${kinds.gitignore}+${kinds.other}${result}; ${statted.user} user and ${statted.ignored} ignored stat'ed`);
          } else if (which === 'list') {
            // workspace.fs could not be watched: the scan's own count of the files it read.
            sink.add(key('Read'), (r.outcome as WorkspaceMediaFigures).files);
            notes.push(`${(r.outcome as WorkspaceMediaFigures).files} counted by the scan (workspace.fs not watched)`);
          } else {
            notes.push(`not counted (workspace.fs not watched)${result}`);
          }
          log(`[bench] Ignored workspace, ${COMMANDS[which]} run ${run + 1}: ${r.read?.length ?? '?'} files read, ${requests} requests, longest block ${r.longestBlockMs.toFixed(1)} ms (idle ${r.idleBlockMs.toFixed(1)} ms), ${(r.outcome.ms / 1000).toFixed(1)} s${result}`);
          if ('result' in r.outcome && r.outcome.result !== 'written' && r.outcome.result !== 'unchanged') log(`[bench]   ${(r.outcome as WriteCreditsFigures).message}`);
        }
        sink.note(key('Block'), `${blockNote}; the same time right after, nothing running: median ${median(idle).toFixed(1)} ms (${idle.map((ms) => ms.toFixed(0)).join(', ')}), the machine's load alone`);
        sink.note(key('Read'), `per run: user files + ignored + .gitignore + other read (${notes.join(' | ')})`);
        if (!notes.some((n) => n.includes('+'))) sink.fail([key('Unread')], new Error('workspace.fs could not be watched, so the files read are not known one by one'));
      } catch (error) {
        sink.fail(FIGURES.map(key), error);
      }
    }
  } catch (error) {
    sink.fail(IGNORED_KEYS, error);
  } finally {
    await closeLoadWindow(ctx, window, workspace);
  }
}

export function ignoredWorkspaceRows(row: (key: string, base: Omit<Row, 'values' | 'error' | 'note'>, note?: string) => Row): Row[] {
  const all = (LOAD_FILES + IGNORED_FILES).toLocaleString('en');
  const ignored = IGNORED_FILES.toLocaleString('en');
  const user = LOAD_FILES.toLocaleString('en');
  const rows = (which: Which, title: string, readTarget: number, readNote: string): Row[] => [
    row(`ig-${which}Ms`, { measure: `${title}: ${all} files, ${ignored} ignored`, unit: 'ms', target: null }, `median of ${IGNORED_RUNS}`),
    row(`ig-${which}Read`, { measure: '  files read', unit: 'items', target: { op: '<=', value: readTarget, everyRun: true } }, readNote),
    row(`ig-${which}Unread`, { measure: `  user files not reached (of ${user})`, unit: 'items', target: { op: '<=', value: 0, everyRun: true } }, 'neither read nor their stamp looked at (unchanged since the last scan, a file is not read again): a cap that cut the list before the ignore rules leaves some unreached'),
    row(`ig-${which}Requests`, { measure: '  requests, every media known', unit: 'requests', target: { op: '<=', value: 0, everyRun: true } }),
    row(`ig-${which}Block`, { measure: '  longest block of the extension host', unit: 'ms', target: { op: '<=', value: BLOCK_TARGET_MS, everyRun: true } }, blockNote),
  ];
  return [
    ...rows('list', 'In This Workspace', LOAD_FILES + 1, `the ${user} user files and the .gitignore; shown, then refreshed`),
    ...rows('credits', 'Write Credits File', LOAD_FILES + 2, `the ${user} user files, the .gitignore and CREDITS.md`),
  ];
}

// Write Credits File in a real VS Code (both hosts): a workspace with media in Markdown,
// HTML, TSX and CSS files, one more in a git-ignored file and one in a files.exclude'd one.
// The command asks (modal, answered here by replacing the window's message functions, as the
// hostile suites do) before it spends requests, writes CREDITS.md, and a second run with
// nothing new sends nothing and writes nothing. A write that fails (a disk that fills up
// half-way) keeps the previous CREDITS.md as it was and says why. What it refuses to write
// (issue 32): a CREDITS.md that is a link out of the folder or into `.git` (Node: the web makes
// no links), a path setting in `.git`, anything in Restricted Mode, and a file it could not
// read or would not write back byte for byte (Latin-1, UTF-16, a BOM): those stay unchanged. A
// search cut by its file limit says how many files it read and asks before a shorter list
// replaces the longer one.
import * as assert from 'node:assert/strict';
import { mkdtemp, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as vscode from 'vscode';
import { CREDITS_END, CREDITS_START } from '../../src/core/credits/creditsFile';
import { escapeMarkdownText } from '../../src/core/insert/escape';
import { NOTIFICATION_PROGRESS_MIN_MS, writeCreditsFile } from '../../src/host/credits/writeCredits';
import type { CreditsFs } from '../../src/host/credits/replaceFile';
import type { CreditsOutcome } from '../../src/host/credits/writeCredits';
import type { LibraryPhoto, LibraryVideo } from '../server/library';
import type { ApiServer } from '../server/server';
import { MAX_FILES } from '../../src/host/credits/scanWorkspace';
import type { WorkspaceMediaProvider } from '../../src/host/workspaceMedia/tree';
import { OUTSIDE_FOLDERS_AND_LINKS, itInNode } from './hosts';
import { closeAllEditors, exists, extensionApi, sameBytes, useApiServer, workspaceRoot } from './support';

const FOLDER = 'credits-tests';
/** Why the test of a search cut by its limit runs in the Node host only. */
const MANY_FILES =
  'writes MAX_FILES + 1 files through workspace.fs, one request each over the web worker’s connection to the server (minutes); the walk and its limit are the same code in both hosts';

interface Shown {
  readonly level: 'warning' | 'info' | 'error';
  readonly message: string;
  readonly modal: boolean;
  readonly detail: string | undefined;
  readonly buttons: readonly string[];
  /** When it was shown (Date.now()). */
  readonly at: number;
}

/** When each progress notification of the command started (Date.now()). */
const progressStarts: number[] = [];

type ShowMessage = (message: string, ...rest: unknown[]) => Thenable<unknown>;

/** A modal question whose detail matches this is dismissed (Escape) instead of answered. */
let declining: RegExp | undefined;

/** Records the messages; a modal question is answered with its first button ("Continue"), unless `declining` matches it. */
function answerModals(shown: Shown[]): () => void {
  const window = vscode.window as unknown as Record<string, ShowMessage>;
  const names = [
    ['showWarningMessage', 'warning'],
    ['showInformationMessage', 'info'],
    ['showErrorMessage', 'error'],
  ] as const;
  const saved = names.map(([name]) => [name, window[name]] as const);
  const withProgress = vscode.window.withProgress;
  (vscode.window as { withProgress: typeof withProgress }).withProgress = (options, task) => {
    if (options.location === vscode.ProgressLocation.Notification) progressStarts.push(Date.now());
    return withProgress(options, task);
  };
  for (const [name, level] of names) {
    window[name] = (message: string, ...rest: unknown[]) => {
      const options = typeof rest[0] === 'object' && rest[0] !== null ? (rest[0] as vscode.MessageOptions) : undefined;
      const modal = options?.modal === true;
      const buttons = rest.filter((r): r is string => typeof r === 'string');
      shown.push({ level, message, modal, detail: options?.detail, buttons, at: Date.now() });
      return Promise.resolve(modal && !declining?.test(options?.detail ?? '') ? buttons[0] : undefined);
    };
  }
  return () => {
    (vscode.window as { withProgress: typeof withProgress }).withProgress = withProgress;
    for (const [name, fn] of saved) if (fn) window[name] = fn;
  };
}

// The server's URL shapes (test/server/urls.ts, which the web bundle cannot load: its image
// code needs Buffer): a page, and image and video files on its CDN path.
const photoPageUrl = (origin: string, p: LibraryPhoto): string => `${origin}/photo/${p.slug}-${p.id}/`;
const photoFileUrl = (origin: string, p: LibraryPhoto, variant: string): string =>
  `${origin}/media/photos/${p.id}/pexels-photo-${p.id}.png?auto=compress&cs=tinysrgb&v=${variant}`;
const videoFileUrl = (origin: string, v: LibraryVideo, f: LibraryVideo['files'][number]): string =>
  `${origin}/media/videos/${v.id}/files/${f.id}-${f.quality}_${f.width}_${f.height}_${Math.round(f.fps)}fps.mp4`;

const encoder = new TextEncoder();

async function write(path: string, text: string): Promise<void> {
  await vscode.workspace.fs.writeFile(vscode.Uri.joinPath(workspaceRoot(), FOLDER, path), encoder.encode(text));
}

async function read(path: string): Promise<string> {
  return new TextDecoder().decode(await vscode.workspace.fs.readFile(vscode.Uri.joinPath(workspaceRoot(), FOLDER, path)));
}

/** The entries of the generated block, each as its lines, keyed by the page id in it. */
function entries(text: string): Map<string, string> {
  const start = text.indexOf(CREDITS_START);
  const end = text.indexOf(CREDITS_END);
  assert.ok(start >= 0 && end > start, 'the file has the generated block');
  const found = new Map<string, string>();
  for (const chunk of text.slice(start, end).split(/\n(?=- )/).slice(1)) {
    const page = /\/(photo|video)\/[a-z0-9-]+-(\d+)\//.exec(chunk);
    assert.ok(page, `an entry with a page link: ${chunk}`);
    found.set(`${page[1]}:${page[2]}`, chunk.trimEnd());
  }
  return found;
}

function apiRequests(server: ApiServer): string[] {
  return server.log.filter((e) => e.method === 'GET').map((e) => e.path);
}

describe('Write Credits File (real VS Code)', function () {
  this.timeout(60_000);
  const server = useApiServer();
  const shown: Shown[] = [];
  let restore: (() => void) | undefined;
  let photos: LibraryPhoto[];
  let video: LibraryVideo;

  const run = async (): Promise<CreditsOutcome> => {
    const outcome = await vscode.commands.executeCommand<CreditsOutcome>('stockMedia.writeCreditsFile');
    assert.ok(outcome, 'the command answers');
    return outcome;
  };

  before(async () => {
    photos = server().library.photos.slice(10, 16);
    const clip = server().library.videos.find((v) => v.files.some((f) => f.quality !== 'hls'));
    assert.ok(clip);
    video = clip;
    const [a, b, c, inCode, ignored, excluded] = photos;
    assert.ok(a && b && c && inCode && ignored && excluded);
    const file = video.files.find((f) => f.quality !== 'hls');
    assert.ok(file);
    const o = server().origin;
    // Code is code: the links in a fenced block and in <code> are shown as text, not used.
    const fence = `\`\`\`md\n![Example](${photoFileUrl(o, inCode, 'large')})\n\`\`\`\n`;
    await write('docs/guide.md', `# Guide\n\n![Hero](${photoFileUrl(o, a, 'large')})\n\nPhoto on [the service](${photoPageUrl(o, b)}).\n\n${fence}`);
    await write('site/index.html', `<img src="${photoFileUrl(o, a, 'medium')}" alt="">\n<video src="${videoFileUrl(o, video, file)}"></video>\n<p><code>${photoPageUrl(o, inCode)}</code></p>\n`);
    await write('app/Hero.tsx', `export const Hero = () => <img src="${photoFileUrl(o, c, 'small')}" alt="" />;\n`);
    await write('styles/main.css', `.hero { background: url("${photoFileUrl(o, b, 'large2x')}"); }\n`);
    await write('.gitignore', 'build/\n');
    await write('build/out.md', `![x](${photoPageUrl(o, ignored)})\n`);
    await write('old/notes.md', `![x](${photoPageUrl(o, excluded)})\n`);
    // Only this suite's folder is read: every other top-level entry (other suites' files)
    // and the folder `old` inside it are files.exclude'd, as a person would hide them.
    const exclude: Record<string, boolean> = { [`${FOLDER}/old`]: true };
    for (const [name] of await vscode.workspace.fs.readDirectory(workspaceRoot())) if (name !== FOLDER) exclude[name] = true;
    await vscode.workspace.getConfiguration('files').update('exclude', exclude, vscode.ConfigurationTarget.Workspace);
    await vscode.workspace.getConfiguration('stockMedia.creditsFile').update('path', `${FOLDER}/CREDITS.md`, vscode.ConfigurationTarget.Workspace);
    (await extensionApi()).client.clearCache();
    server().clearLog();
    restore = answerModals(shown);
  });

  after(async () => {
    restore?.();
    await vscode.workspace.getConfiguration('files').update('exclude', undefined, vscode.ConfigurationTarget.Workspace);
    await vscode.workspace.getConfiguration('stockMedia.creditsFile').update('path', undefined, vscode.ConfigurationTarget.Workspace);
    await vscode.workspace.fs.delete(vscode.Uri.joinPath(workspaceRoot(), FOLDER), { recursive: true });
    await closeAllEditors();
  });

  it('asks before spending requests, then lists each media with its credit, links and files (not the ignored or excluded ones)', async () => {
    const [a, b, c, , ignored, excluded] = photos as [LibraryPhoto, LibraryPhoto, LibraryPhoto, LibraryPhoto, LibraryPhoto, LibraryPhoto];
    const outcome = await run();
    assert.equal(outcome.result, 'written', outcome.message);
    assert.equal(outcome.media, 4);
    assert.equal(outcome.requests, 4);
    const modal = shown.filter((s) => s.modal);
    assert.equal(modal.length, 1, 'one question');
    assert.match(modal[0]?.detail ?? '', /Found 3 photos and 1 video; 4 of them need a request/);
    assert.match(modal[0]?.detail ?? '', /requests are left in the quota|is not known/);
    // One request per distinct id, none for what git or files.exclude hide.
    assert.deepEqual(apiRequests(server()).sort(), [`/v1/photos/${a.id}`, `/v1/photos/${b.id}`, `/v1/photos/${c.id}`, `/videos/videos/${video.id}`].sort());

    const text = await read('CREDITS.md');
    assert.ok(text.startsWith('# Credits\n\n'));
    const found = entries(text);
    assert.deepEqual([...found.keys()].sort(), [`photo:${a.id}`, `photo:${b.id}`, `photo:${c.id}`, `video:${video.id}`].sort());
    assert.ok(!text.includes(String(ignored.id)) && !text.includes(String(excluded.id)), 'the git-ignored and excluded files are not read');
    assert.ok(!found.has(`photo:${(photos[3] as LibraryPhoto).id}`), 'a link in code (a fenced block, <code>) is not a use');
    const files = (key: string): string => /Used in: (.*)/.exec(found.get(key) ?? '')?.[1] ?? '';
    // Relative to the workspace folder, as code spans (read as written, no escapes), sorted.
    const dir = `${FOLDER}/`;
    assert.equal(files(`photo:${a.id}`), `\`${dir}docs/guide.md\`, \`${dir}site/index.html\``);
    assert.equal(files(`photo:${b.id}`), `\`${dir}docs/guide.md\`, \`${dir}styles/main.css\``);
    assert.equal(files(`photo:${c.id}`), `\`${dir}app/Hero.tsx\``);
    assert.equal(files(`video:${video.id}`), `\`${dir}site/index.html\``);
    const entryA = found.get(`photo:${a.id}`) ?? '';
    assert.ok(entryA.startsWith(`- Photo by [${escapeMarkdownText(a.photographer.name)}](${server().origin}/@${a.photographer.slug}) on [`), entryA);
    assert.ok(entryA.includes(`  - Photographer: <${server().origin}/@${a.photographer.slug}>`), entryA);
    assert.ok(entryA.includes(`  - Page: <${photoPageUrl(server().origin, a)}>`), entryA);
    assert.ok((found.get(`video:${video.id}`) ?? '').startsWith('- Video by ['));
    assert.ok(shown.some((s) => s.level === 'info' && /CREDITS\.md lists 3 photos and 1 video\./.test(s.message)));
  });

  it('a second run (with the user’s own text around the block) sends no request, asks nothing and writes nothing', async () => {
    const before = `Thanks to all of them.\n\n${await read('CREDITS.md')}\nMore text of mine.\n`;
    await write('CREDITS.md', before);
    server().clearLog();
    shown.length = 0;
    progressStarts.length = 0;
    const outcome = await run();
    assert.equal(outcome.result, 'unchanged', outcome.message);
    assert.equal(outcome.requests, 0);
    assert.equal(server().log.length, 0, 'no request');
    assert.equal(shown.filter((s) => s.modal).length, 0, 'no question');
    assert.ok(shown.some((s) => s.level === 'info' && /up to date/.test(s.message)));
    assert.equal(await read('CREDITS.md'), before);
    // The workbench keeps a progress notification up for a moment after a quick task ends: the
    // outcome shows only once every progress notification of the run is gone, never beside one.
    const outcomeAt = shown.find((s) => /up to date/.test(s.message))?.at ?? 0;
    const started = [...progressStarts];
    assert.ok(started.length >= 1, 'the run showed progress');
    for (const t of started) assert.ok(outcomeAt - t >= NOTIFICATION_PROGRESS_MIN_MS, `the outcome came ${outcomeAt - t} ms after a progress notification opened`);
  });

  it('a change in one file changes only its entry, for one request', async () => {
    const [, , c, d] = photos as [LibraryPhoto, LibraryPhoto, LibraryPhoto, LibraryPhoto];
    const before = await read('CREDITS.md');
    await write('app/Hero.tsx', `export const Hero = () => <img src="${photoPageUrl(server().origin, d)}" alt="" />;\n`);
    server().clearLog();
    shown.length = 0;
    const outcome = await run();
    assert.equal(outcome.result, 'written', outcome.message);
    assert.equal(outcome.requests, 1);
    assert.deepEqual(apiRequests(server()), [`/v1/photos/${d.id}`]);
    assert.match(shown.find((s) => s.modal)?.detail ?? '', /Found 3 photos and 1 video; 1 of them needs a request/);
    const after = await read('CREDITS.md');
    assert.ok(after.startsWith('Thanks to all of them.\n\n# Credits\n') && after.endsWith(`${CREDITS_END}\n\nMore text of mine.\n`));
    const old = entries(before);
    const now = entries(after);
    assert.ok(!now.has(`photo:${c.id}`) && now.has(`photo:${d.id}`));
    assert.match(now.get(`photo:${d.id}`) ?? '', /Used in: `credits-tests\/app\/Hero\.tsx`$/);
    old.delete(`photo:${c.id}`);
    now.delete(`photo:${d.id}`);
    assert.deepEqual(now, old, 'every other entry is as it was');
  });

  it('a write that fails half-way (a full disk) keeps the previous CREDITS.md as it was, leaves no temporary file, and says why', async () => {
    const [a] = photos as [LibraryPhoto];
    const before = await read('CREDITS.md');
    const folder = vscode.Uri.joinPath(workspaceRoot(), FOLDER);
    const names = async (): Promise<string[]> => (await vscode.workspace.fs.readDirectory(folder)).map(([name]) => name).sort();
    const listed = await names();
    // One more file uses a photo already looked up: the block changes, no request is needed.
    await write('docs/again.md', `![Again](${photoFileUrl(server().origin, a, 'small')})\n`);
    const api = await extensionApi();
    const real = vscode.workspace.fs;
    // A disk that fills up half-way through a write: half the bytes land, then ENOSPC.
    const fullDisk: CreditsFs = {
      stat: (uri) => real.stat(uri),
      readFile: (uri) => real.readFile(uri),
      rename: (from, to, options) => real.rename(from, to, options),
      delete: (uri, options) => real.delete(uri, options),
      writeFile: async (uri, bytes) => {
        await real.writeFile(uri, bytes.subarray(0, Math.floor(bytes.length / 2)));
        throw Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC' });
      },
    };
    shown.length = 0;
    try {
      const outcome = await writeCreditsFile(api.services, api, fullDisk);
      assert.equal(outcome.result, 'failed', outcome.message);
      const errors = shown.filter((s) => s.level === 'error').map((s) => s.message);
      assert.deepEqual(errors, [`There is not enough space on the disk to write ${FOLDER}/CREDITS.md, so the previous file was kept as it was.`]);
      assert.equal(await read('CREDITS.md'), before, 'the previous file, whole');
      assert.deepEqual(await names(), listed, 'no temporary file beside it');
      // Space again: the command writes it.
      shown.length = 0;
      const again = await run();
      assert.equal(again.result, 'written', again.message);
      assert.match(await read('CREDITS.md'), /`credits-tests\/docs\/again\.md`/);
      assert.deepEqual(await names(), listed);
    } finally {
      await vscode.workspace.fs.delete(vscode.Uri.joinPath(folder, 'docs/again.md'));
    }
  });

  it('refuses plainly when the requests needed exceed the quota left, and sends and writes nothing', async () => {
    const e = photos[2 + 2] as LibraryPhoto;
    const api = await extensionApi();
    const saved = api.services.quota.current;
    const before = await read('CREDITS.md');
    await write('styles/extra.css', `.e { background: url(${photoPageUrl(server().origin, e)}); }\n`);
    const now = Date.now();
    api.services.quota.update({ limit: 100, remaining: 0, resetAt: now + 86_400_000, updatedAt: now, exhausted: false });
    server().clearLog();
    shown.length = 0;
    try {
      const outcome = await run();
      assert.equal(outcome.result, 'refused');
      assert.equal(outcome.requests, 1);
      assert.equal(shown.filter((s) => s.modal).length, 0, 'nothing to ask');
      assert.ok(shown.some((s) => s.level === 'error' && /1 of them needs a request.*Only 0 requests are left in the quota, so nothing was written/.test(s.message)));
      assert.equal(server().log.length, 0);
      assert.equal(await read('CREDITS.md'), before);
    } finally {
      api.services.quota.update(saved);
      await vscode.workspace.fs.delete(vscode.Uri.joinPath(workspaceRoot(), FOLDER, 'styles/extra.css'));
    }
  });

  /** In This Workspace, scanned again: the ids of the photos it lists, and whether a cap cut its scan. */
  const workspaceMedia = async (): Promise<{ photos: number[]; truncated: boolean | undefined }> => {
    const found = await vscode.commands.executeCommand<{ provider: WorkspaceMediaProvider }>('stockMedia.test.workspaceMedia');
    assert.ok(found?.provider, 'the test hook answers');
    await found.provider.model.refresh();
    const ids = found.provider.model.groups().flatMap((g) => (g.kind === 'photo' ? [g.id] : []));
    return { photos: ids, truncated: found.provider.model.lastScan?.truncated };
  };

  it('a .gitignore line with a range out of order ([9-0]*.tmp, which git reads without an error) stops neither Write Credits File nor In This Workspace', async () => {
    const extra = server().library.photos[16] as LibraryPhoto;
    const ignored = photos[4] as LibraryPhoto;
    await write('.gitignore', 'build/\n[9-0]*.tmp\n');
    await write('notes/extra.md', `![x](${photoPageUrl(server().origin, extra)})\n`);
    try {
      const outcome = await run();
      assert.equal(outcome.result, 'written', outcome.message);
      const found = entries(await read('CREDITS.md'));
      assert.ok(found.has(`photo:${extra.id}`), 'the new file is read');
      assert.ok(!found.has(`photo:${ignored.id}`), 'the rest of the .gitignore still applies');
      const listed = await workspaceMedia();
      assert.ok(listed.photos.includes(extra.id) && !listed.photos.includes(ignored.id), `In This Workspace lists ${listed.photos.join(', ')}`);
    } finally {
      await write('.gitignore', 'build/\n');
      await vscode.workspace.fs.delete(vscode.Uri.joinPath(workspaceRoot(), FOLDER, 'notes'), { recursive: true });
    }
  });

  it('more than MAX_FILES files in an ignored node_modules do not use up the search: the user’s files are read', async function () {
    this.timeout(600_000);
    const [a, b] = photos as [LibraryPhoto, LibraryPhoto];
    const d = server().library.photos[18] as LibraryPhoto;
    const hidden = server().library.photos[17] as LibraryPhoto;
    await write('notes/own.md', `![x](${photoPageUrl(server().origin, d)})\n`);
    const modules = vscode.Uri.joinPath(workspaceRoot(), FOLDER, 'node_modules');
    await write('.gitignore', 'build/\nnode_modules/\n');
    await vscode.workspace.fs.createDirectory(vscode.Uri.joinPath(modules, 'pkg'));
    const body = encoder.encode(`![x](${photoPageUrl(server().origin, hidden)})\n`);
    let next = 0;
    const writer = async (): Promise<void> => {
      for (let i = next++; i <= MAX_FILES; i = next++) await vscode.workspace.fs.writeFile(vscode.Uri.joinPath(modules, 'pkg', `doc-${i}.md`), body);
    };
    await Promise.all(Array.from({ length: 32 }, writer));
    shown.length = 0;
    try {
      const outcome = await run();
      assert.ok(outcome.result === 'written' || outcome.result === 'unchanged', outcome.message);
      assert.doesNotMatch(outcome.message, /files were read/, 'the search was not cut');
      const found = entries(await read('CREDITS.md'));
      for (const p of [a, b, d]) assert.ok(found.has(`photo:${p.id}`), `photo ${p.id} is listed`);
      assert.ok(!found.has(`photo:${hidden.id}`), 'node_modules is not read');
      const listed = await workspaceMedia();
      assert.equal(listed.truncated, false, 'In This Workspace read every file');
      assert.ok([a, b, d].every((p) => listed.photos.includes(p.id)) && !listed.photos.includes(hidden.id), `In This Workspace lists ${listed.photos.join(', ')}`);
    } finally {
      await write('.gitignore', 'build/\n');
      await vscode.workspace.fs.delete(modules, { recursive: true });
      await vscode.workspace.fs.delete(vscode.Uri.joinPath(workspaceRoot(), FOLDER, 'notes'), { recursive: true });
    }
  });

  itInNode(MANY_FILES, 'a search cut by its limit says how many files it read, and asks before a shorter list replaces the one in CREDITS.md', async function () {
    this.timeout(600_000);
    const d = server().library.photos[18] as LibraryPhoto;
    // The full list first.
    const first = await run();
    assert.ok(first.result === 'written' || first.result === 'unchanged', first.message);
    const full = await read('CREDITS.md');
    const listed = entries(full).size;
    assert.ok(listed >= 4, `CREDITS.md lists ${listed}`);
    // MAX_FILES + 1 searched files beside the suite's folder, each linking one photo: the walk
    // lists both top-level folders before any folder inside them, so the limit is reached
    // before the suite's own pages are read, whichever folder comes first.
    const many = vscode.Uri.joinPath(workspaceRoot(), 'credits-many');
    await vscode.workspace.fs.createDirectory(many);
    const body = encoder.encode(`![x](${photoPageUrl(server().origin, d)})\n`);
    let next = 0;
    const writer = async (): Promise<void> => {
      for (let i = next++; i <= MAX_FILES; i = next++) await vscode.workspace.fs.writeFile(vscode.Uri.joinPath(many, `page-${i}.md`), body);
    };
    await Promise.all(Array.from({ length: 32 }, writer));
    try {
      // Dismissed: nothing is written.
      declining = /Replace the list with the shorter one/;
      shown.length = 0;
      const kept = await run();
      assert.equal(kept.result, 'cancelled', kept.message);
      assert.match(kept.message, /CREDITS\.md was not changed/);
      const asked = shown.filter((s) => s.modal && /shorter one/.test(s.detail ?? ''));
      assert.equal(asked.length, 1, `asked once: ${JSON.stringify(shown)}`);
      const detail = asked[0]?.detail ?? '';
      assert.match(detail, new RegExp(`CREDITS\\.md lists ${listed} media; the search, stopped at its limit, found 1\\.`));
      // CREDITS.md itself is one of the MAX_FILES files listed when the suite's folder comes first.
      const read1 = /The search stopped at its limit: (\d+) files were read, the others were not\./.exec(detail);
      assert.ok(read1 && [MAX_FILES - 1, MAX_FILES].includes(Number(read1[1])), detail);
      assert.equal(await read('CREDITS.md'), full, 'not a byte changed');
      // Answered: the shorter list is written, and the message says the search was cut.
      declining = undefined;
      shown.length = 0;
      const replaced = await run();
      assert.equal(replaced.result, 'written', replaced.message);
      assert.match(replaced.message, /The search stopped at its limit: \d+ files were read, the others were not\./);
      assert.ok(shown.some((s) => s.modal && /shorter one/.test(s.detail ?? '')), 'asked again');
      assert.deepEqual([...entries(await read('CREDITS.md')).keys()], [`photo:${d.id}`]);
    } finally {
      declining = undefined;
      await vscode.workspace.fs.delete(many, { recursive: true });
      // The full list again, for the tests after this one.
      await write('CREDITS.md', full);
    }
  });

  it('refuses a path setting that leads outside the workspace folder', async () => {
    const cfg = vscode.workspace.getConfiguration('stockMedia.creditsFile');
    await cfg.update('path', '../CREDITS.md', vscode.ConfigurationTarget.Workspace);
    shown.length = 0;
    try {
      const outcome = await run();
      assert.equal(outcome.result, 'refused');
      assert.ok(shown.some((s) => s.level === 'error' && /stockMedia\.creditsFile\.path must name a file inside the workspace folder/.test(s.message)));
    } finally {
      await cfg.update('path', `${FOLDER}/CREDITS.md`, vscode.ConfigurationTarget.Workspace);
    }
  });
  describe('what it refuses to write (issue 32)', () => {
    const uri = (path: string): vscode.Uri => vscode.Uri.joinPath(workspaceRoot(), FOLDER, path);
    const creditsAt = (path: string | undefined): Thenable<void> =>
      vscode.workspace.getConfiguration('stockMedia.creditsFile').update('path', path, vscode.ConfigurationTarget.Workspace);
    const errors = (): string[] => shown.filter((s) => s.level === 'error').map((s) => s.message);
    // A repository's own Git folder, with the config git reads.
    const GIT_CONFIG = '[core]\n\trepositoryformatversion = 0\n';

    beforeEach(async () => {
      await vscode.workspace.fs.writeFile(uri('.git/config'), encoder.encode(GIT_CONFIG));
      shown.length = 0;
      server().clearLog();
    });

    afterEach(async () => {
      await creditsAt(`${FOLDER}/CREDITS.md`);
      await vscode.workspace.fs.delete(uri('.git'), { recursive: true }).then(undefined, () => undefined);
    });

    it('a CREDITS.md that is not plain UTF-8 (Latin-1 “Jürgen”, UTF-16 with a BOM, UTF-8 with a BOM) stays byte for byte, and the message says why', async () => {
      const text = '# Thanks\n\nJürgen took the photos.\n';
      const utf16 = [0xff, 0xfe, ...[...text].flatMap((c) => [c.charCodeAt(0) & 0xff, c.charCodeAt(0) >> 8])];
      const cases: [string, Uint8Array, RegExp][] = [
        ['latin1.md', Uint8Array.from(text, (c) => c.charCodeAt(0)), /latin1\.md is not UTF-8 text \(perhaps Latin-1\), and rewriting it would damage its characters, so it was left as it is and nothing was written/],
        ['utf16.md', Uint8Array.from(utf16), /utf16\.md is saved as UTF-16, and rewriting it as UTF-8 would change it, so it was left as it is/],
        ['bom.md', Uint8Array.from([0xef, 0xbb, 0xbf, ...encoder.encode(text)]), /bom\.md starts with a byte order mark, which rewriting it would drop, so it was left as it is/],
      ];
      for (const [name, bytes, why] of cases) {
        await vscode.workspace.fs.writeFile(uri(`encodings/${name}`), bytes);
        await creditsAt(`${FOLDER}/encodings/${name}`);
        shown.length = 0;
        const outcome = await run();
        assert.equal(outcome.result, 'refused', `${name}: ${outcome.message}`);
        assert.match(outcome.message, why);
        assert.deepEqual(errors(), [outcome.message], name);
        assert.ok(sameBytes(await vscode.workspace.fs.readFile(uri(`encodings/${name}`)), bytes), `${name} is unchanged`);
      }
      assert.equal(server().log.length, 0, 'said before any request was spent');
      await vscode.workspace.fs.delete(uri('encodings'), { recursive: true });
    });

    it('a read that fails for another reason than “not found” keeps the file and says why', async () => {
      // 2,076 bytes of the user's own text (the case): not one may be lost.
      const before = encoder.encode(`# Thanks\n\n${'My own words about the pictures. '.repeat(64)}\n`.slice(0, 2076));
      await vscode.workspace.fs.writeFile(uri('unreadable/CREDITS.md'), before);
      await creditsAt(`${FOLDER}/unreadable/CREDITS.md`);
      const api = await extensionApi();
      const real = vscode.workspace.fs;
      // The file is there, but reading it fails (an I/O error, a cloud placeholder not downloaded).
      const failingRead: CreditsFs = {
        stat: (u) => real.stat(u),
        readFile: async (u) => {
          if (u.toString() === uri('unreadable/CREDITS.md').toString()) throw vscode.FileSystemError.Unavailable('EIO: i/o error, read');
          return real.readFile(u);
        },
        writeFile: (u, bytes) => real.writeFile(u, bytes),
        rename: (from, to, options) => real.rename(from, to, options),
        delete: (u, options) => real.delete(u, options),
      };
      const outcome = await writeCreditsFile(api.services, api, failingRead);
      assert.equal(outcome.result, 'refused', outcome.message);
      assert.match(outcome.message, /^credits-tests\/unreadable\/CREDITS\.md could not be read \(.*EIO: i\/o error, read.*\), so it was left as it is and nothing was written\.$/);
      assert.deepEqual(errors(), [outcome.message]);
      assert.equal(server().log.length, 0, 'said before any request was spent');
      assert.ok(sameBytes(await vscode.workspace.fs.readFile(uri('unreadable/CREDITS.md')), before), 'the file is unchanged');
      await vscode.workspace.fs.delete(uri('unreadable'), { recursive: true });
    });

    it('a path setting in a .git folder (any case, any depth) is refused, trusted or not, and .git/config is unchanged', async () => {
      const rootGit = vscode.Uri.joinPath(workspaceRoot(), '.git');
      const hadRootGit = await exists(rootGit);
      for (const setting of ['.git/config', `${FOLDER}/.git/config`, `${FOLDER}/.GIT/config`, `${FOLDER}\\.git\\config`]) {
        await creditsAt(setting);
        shown.length = 0;
        const outcome = await run();
        assert.equal(outcome.result, 'refused', `${setting}: ${outcome.message}`);
        assert.equal(outcome.message, 'The setting stockMedia.creditsFile.path names a file in a .git folder, which belongs to Git; nothing was written.');
        assert.deepEqual(errors(), [outcome.message]);
      }
      assert.equal(new TextDecoder().decode(await vscode.workspace.fs.readFile(uri('.git/config'))), GIT_CONFIG);
      assert.equal(await exists(rootGit), hadRootGit, 'no .git made at the root');
      assert.equal(await exists(uri('.GIT')), false);
    });

    it('in Restricted Mode nothing is written, whatever the repository’s .vscode/settings.json names (.git/config), and the user is offered Manage Workspace Trust', async () => {
      // The test host runs with workspace trust off (always trusted): Restricted Mode is the command's `trusted` argument.
      await creditsAt(`${FOLDER}/.git/config`);
      const api = await extensionApi();
      const outcome = await writeCreditsFile(api.services, api, vscode.workspace.fs, false);
      assert.equal(outcome.result, 'refused', outcome.message);
      assert.equal(outcome.message, 'This workspace is in Restricted Mode, so Write Credits File writes nothing into it. Trust the workspace to write the credits file.');
      const told = shown.filter((s) => s.message === outcome.message);
      assert.deepEqual(told.map((s) => s.buttons), [['Manage Workspace Trust']]);
      assert.equal(server().log.length, 0, 'no request');
      assert.equal(new TextDecoder().decode(await vscode.workspace.fs.readFile(uri('.git/config'))), GIT_CONFIG);
      assert.deepEqual((await vscode.workspace.fs.readDirectory(uri('.git'))).map(([n]) => n), ['config'], 'nothing else under .git');
    });

    itInNode(OUTSIDE_FOLDERS_AND_LINKS, 'a CREDITS.md that is a symbolic link out of the folder, or into .git, is refused and its target unchanged; a link that stays inside is written at its target, whole, and stays a link', async function () {
      const outside = await mkdtemp(join(tmpdir(), 'stock-media-outside-'));
      const secret = join(outside, 'config');
      const secretText = 'Host example\n  User me\n';
      await writeFile(secret, secretText);
      try {
        await vscode.workspace.fs.createDirectory(uri('links'));
        try {
          await symlink(secret, uri('links/out.md').fsPath);
        } catch {
          this.skip(); // no symbolic links on this file system
        }
        await symlink(uri('.git/config').fsPath, uri('links/git.md').fsPath);
        await vscode.workspace.fs.writeFile(uri('links/real.md'), encoder.encode('My own words.\n'));
        await symlink(uri('links/real.md').fsPath, uri('links/inside.md').fsPath);

        await creditsAt(`${FOLDER}/links/out.md`);
        const out = await run();
        assert.equal(out.result, 'refused', out.message);
        assert.match(out.message, /^credits-tests\/links\/out\.md leads out of the workspace folder “.*” through a symbolic link; nothing was written\.$/);
        assert.equal(await readFile(secret, 'utf8'), secretText, 'the outside file is unchanged');

        await creditsAt(`${FOLDER}/links/git.md`);
        shown.length = 0;
        const git = await run();
        assert.equal(git.result, 'refused', git.message);
        assert.equal(git.message, 'credits-tests/links/git.md leads into a .git folder, which belongs to Git; nothing was written.');
        assert.equal(new TextDecoder().decode(await vscode.workspace.fs.readFile(uri('.git/config'))), GIT_CONFIG);
        assert.equal(server().log.length, 0, 'no request for a file that is refused');

        await creditsAt(`${FOLDER}/links/inside.md`);
        shown.length = 0;
        const inside = await run();
        assert.equal(inside.result, 'written', inside.message);
        assert.ok(((await vscode.workspace.fs.stat(uri('links/inside.md'))).type & vscode.FileType.SymbolicLink) !== 0, 'still a link');
        const written = await readFile(uri('links/real.md').fsPath, 'utf8');
        assert.ok(written.startsWith('My own words.\n') && written.includes(CREDITS_START), written);
        // Written whole at the target (a temporary file beside it, then a rename): none is left.
        assert.deepEqual((await vscode.workspace.fs.readDirectory(uri('links'))).map(([n]) => n).sort(), ['git.md', 'inside.md', 'out.md', 'real.md']);
      } finally {
        await rm(outside, { recursive: true, force: true });
        await vscode.workspace.fs.delete(uri('links'), { recursive: true }).then(undefined, () => undefined);
      }
    });
  });
});

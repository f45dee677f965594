// Saving into the workspace in a real VS Code: a download folder that leads out of the
// workspace (by `..`, `~` or a symbolic link a repository can ship) or into a `.git` folder
// gives a link and a message, with nothing downloaded or written; videos are written to disk piece by piece.
import * as assert from 'node:assert/strict';
import { mkdtemp, readdir, rm, symlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as vscode from 'vscode';
import type { MediaItem, Photo, Video } from '../../src/core/model';
import { MediaInserter } from '../../src/host/insert/inserter';
import type { PipelineDeps } from '../../src/host/insert/prepare';
import type { HostPlatform } from '../../src/host/platform/types';
import { OUTSIDE_FOLDERS_AND_LINKS, itInNode } from './hosts';
import { closeAllEditors, exists, extensionApi, fileOpener, sameBytes, updateSetting, useApiServer, workspaceRoot, mediaArgs } from './support';
import { savedStem } from './savedNames';

const root = workspaceRoot;
const openNew = fileOpener('insert-destination-tests');

async function setInsertSetting(key: string, value: unknown): Promise<void> {
  await updateSetting('stockMedia.insert', key, value);
}

describe('insert destination (real VS Code)', function () {
  this.timeout(60_000);
  const server = useApiServer();
  let photo: Photo;
  let media: MediaItem;
  let video: Video;
  let inserter: MediaInserter;
  const deps = (streamToDisk: boolean): PipelineDeps => ({ isTrusted: () => true, fetch: (i, init) => fetch(i, init), now: () => new Date(), streamToDisk });

  before(async () => {
    const api = await extensionApi();
    const candidate = server().library.photos[0];
    assert.ok(candidate);
    photo = await api.client.getPhoto(candidate.id);
    media = { kind: 'photo', photo };
    const clip = server().library.videos.find((v) => v.files.some((f) => f.quality === 'hd' && Math.min(f.width ?? 0, f.height ?? 0) === 1080));
    assert.ok(clip);
    video = await api.client.getVideo(clip.id);
  });

  beforeEach(async () => {
    inserter = new MediaInserter((await extensionApi()).services, deps(true));
    server().clearLog();
  });

  afterEach(async () => {
    inserter.dispose();
    await setInsertSetting('downloadFolder', undefined);
    await closeAllEditors();
  });

  after(async () => {
    await vscode.workspace.fs.delete(vscode.Uri.joinPath(root(), 'insert-destination-tests'), { recursive: true }).then(undefined, () => undefined);
  });

  it('a download folder above the workspace folder: a link, a message naming the setting, nothing fetched or written', async () => {
    const editor = await openNew('up.md', '');
    const escape = '../../../../stock-media-escape';
    const wouldBe = vscode.Uri.joinPath(editor.document.uri, '..', escape);
    assert.ok(!wouldBe.path.startsWith(root().path), wouldBe.toString());
    await setInsertSetting('downloadFolder', escape);
    const outcome = await inserter.insert(mediaArgs({ media }), { mode: 'download' });
    assert.equal(outcome.result, 'inserted');
    assert.deepEqual(outcome.files, []);
    assert.match(outcome.notes.join('\n'), /The setting stockMedia\.insert\.downloadFolder points outside the workspace folders, so the file was linked instead of saved/);
    assert.ok(editor.document.getText().startsWith(`![`) && editor.document.getText().includes(`](${photo.src.large})`), editor.document.getText());
    assert.equal(server().mediaLog.length, 0, 'nothing was downloaded');
    assert.equal(await exists(wouldBe), false);
  });

  it('a variable that climbs out, and a folder starting with ~, are refused the same way', async () => {
    const editor = await openNew('vars.md', '');
    await setInsertSetting('downloadFolder', '${documentWorkspaceFolder}/../stock-media-escape');
    const climbing = await inserter.insert(mediaArgs({ media }), { mode: 'download' });
    assert.match(climbing.notes.join('\n'), /points outside the workspace folders/);
    await setInsertSetting('downloadFolder', '~/Pictures');
    const home = await inserter.insert(mediaArgs({ media }), { mode: 'download' });
    assert.match(home.notes.join('\n'), /The setting stockMedia\.insert\.downloadFolder starts with “~”, which does not mean your home folder here/);
    assert.deepEqual([climbing.files, home.files], [[], []]);
    assert.equal(server().mediaLog.length, 0);
    assert.equal(await exists(vscode.Uri.joinPath(editor.document.uri, '..', '~')), false);
  });

  it('a download folder in a .git folder (any case, any depth) is refused: a link, a message naming the folder, nothing fetched or written', async () => {
    const editor = await openNew('git.md', '');
    for (const folder of ['.git/hooks', '.GIT', '/sub/.git/x']) {
      await setInsertSetting('downloadFolder', folder);
      const outcome = await inserter.insert(mediaArgs({ media }), { mode: 'download' });
      assert.equal(outcome.result, 'inserted', folder);
      assert.deepEqual(outcome.files, [], folder);
      assert.match(outcome.notes.join('\n'), /The folder for saved files, .*\.git.*, is in a \.git folder, which belongs to Git, so the file was linked instead of saved\./i, folder);
    }
    assert.equal(server().mediaLog.length, 0, 'nothing was downloaded');
    assert.equal(await exists(vscode.Uri.joinPath(editor.document.uri, '..', '.git')), false);
    assert.equal(await exists(vscode.Uri.joinPath(editor.document.uri, '..', '.GIT')), false);
    assert.equal(await exists(vscode.Uri.joinPath(root(), 'sub')), false);
  });

  itInNode(OUTSIDE_FOLDERS_AND_LINKS, 'an images folder that is a symbolic link out of the workspace: a link and a message, nothing written there', async function () {
    const outside = await mkdtemp(join(tmpdir(), 'stock-media-outside-'));
    try {
      const editor = await openNew('linked.md', '');
      try {
        await symlink(outside, join(editor.document.uri.fsPath, '..', 'images'), 'dir');
      } catch {
        this.skip(); // no symbolic links on this file system
      }
      const outcome = await inserter.insert(mediaArgs({ media }), { mode: 'download' });
      assert.equal(outcome.result, 'inserted');
      assert.match(outcome.notes.join('\n'), /leads out of the workspace folder through a symbolic link, so the file was linked instead of saved/);
      assert.deepEqual(await readdir(outside), []);
      assert.ok(editor.document.getText().includes(`](${photo.src.large})`));
      // A link that stays inside the workspace is fine.
      const inside = vscode.Uri.joinPath(editor.document.uri, '..', 'real-images');
      await vscode.workspace.fs.createDirectory(inside);
      await setInsertSetting('downloadFolder', 'inside-link');
      await symlink(inside.fsPath, join(editor.document.uri.fsPath, '..', 'inside-link'), 'dir');
      const ok = await inserter.insert(mediaArgs({ media, variant: 'tiny' }), { mode: 'download' });
      assert.equal(ok.files?.length, 1, ok.notes.join('\n'));
      assert.deepEqual(await readdir(inside.fsPath), [`${savedStem(photo, 'tiny')}.png`]);
    } finally {
      await rm(outside, { recursive: true, force: true });
    }
  });

  it('a video is written to disk piece by piece, and the bytes are the server’s; without streaming the same file results', async () => {
    const file = video.video_files.find((f) => f.quality === 'hd' && Math.min(f.width ?? 0, f.height ?? 0) === 1080);
    assert.ok(file);
    const served = new Uint8Array(await (await fetch(file.link)).arrayBuffer());
    const name = `${savedStem(video, `hd-${file.width}x${file.height}`)}.mp4`;
    for (const streamToDisk of [true, false]) {
      const own = new MediaInserter((await extensionApi()).services, deps(streamToDisk));
      try {
        const editor = await openNew(`clip-${streamToDisk}.html`, '');
        const outcome = await own.insert(mediaArgs({ media: { kind: 'video', video } }), { mode: 'download' });
        assert.equal(outcome.result, 'inserted', outcome.notes.join('\n'));
        const folder = vscode.Uri.joinPath(editor.document.uri, '..', 'images');
        const names = (await vscode.workspace.fs.readDirectory(folder)).map(([n]) => n).sort();
        assert.ok(names.includes(name), names.join(', '));
        assert.ok(!names.some((n) => n.endsWith('.part')), 'no temporary file left');
        assert.ok(sameBytes(await vscode.workspace.fs.readFile(vscode.Uri.joinPath(folder, name)), served));
      } finally {
        own.dispose();
      }
    }
  });
  it('where nothing streams to disk (the browser), a video over the memory limit is linked with a note saying why; nothing is written', async () => {
    const file = video.video_files.find((f) => f.quality === 'hd' && Math.min(f.width ?? 0, f.height ?? 0) === 1080);
    assert.ok(file);
    const served = new Uint8Array(await (await fetch(file.link)).arrayBuffer());
    // The web worker host's platform (platform/web.ts), with a limit the served file exceeds.
    const browser: HostPlatform = { name: 'web', downloadRedirects: 'follow', maxDownloadBytes: 16, disk: undefined };
    assert.ok(served.length > browser.maxDownloadBytes, `the served file (${served.length} bytes) is over the limit`);
    const own = new MediaInserter((await extensionApi()).services, { ...deps(true), platform: browser });
    try {
      const editor = await openNew('too-large.html', '');
      const outcome = await own.insert(mediaArgs({ media: { kind: 'video', video } }), { mode: 'download' });
      assert.equal(outcome.result, 'inserted', outcome.notes.join('\n'));
      assert.ok(
        outcome.notes.some((n) => n.startsWith('The video is larger than') && n.includes('inserted as a link instead of being saved')),
        outcome.notes.join('\n'),
      );
      const text = editor.document.getText();
      assert.ok(text.includes(file.link) || text.includes(file.link.replaceAll('&', '&amp;')), text);
      const folder = vscode.Uri.joinPath(editor.document.uri, '..', 'images');
      const names = await vscode.workspace.fs.readDirectory(folder).then((entries) => entries.map(([n]) => n), () => []);
      assert.ok(!names.some((n) => n.endsWith('.mp4')), `no video written: ${names.join(', ')}`);
    } finally {
      own.dispose();
    }
  });
});

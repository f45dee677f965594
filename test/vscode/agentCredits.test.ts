// The agent's credit tools in a real VS Code (both hosts), called as the agent calls them
// (`vscode.lm.invokeTool`) against the local library, on a folder of pages using two photos the
// client knows (one credited in two pages, one missing its credit): stockMedia_checkCredits
// lists each use as file:line with its state, no request; `files` narrows it (a folder, a file,
// glob patterns); stockMedia_addCredits writes the credit the quick fix writes, where it puts
// it, one undo step, and a second call adds nothing; what the person confirms names the file,
// the line and the credit. A media not known is looked up within the credit check's budget (one
// request), not with the quota used up, and not without a key; a file outside the workspace or
// in .git is refused. Restricted Mode is not testable here: the test host runs with workspace
// trust off (always trusted).
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { Photo } from '../../src/core/model';
import { ADD_CREDITS_TOOL } from '../../src/host/agent/creditTools';
import type { ApiServer } from '../server/server';
import { invoke, refusal } from './agentSupport';
import { PLAIN, asNew, closeAllEditors, extensionApi, hideWorkspaceMedia, tripPage, updateSetting, useApiServer, workspaceRoot } from './support';

const FOLDER = 'agent-credits';
const encoder = new TextEncoder();
const uri = (path: string): vscode.Uri => vscode.Uri.joinPath(workspaceRoot(), FOLDER, path);
const write = (path: string, text: string): Thenable<void> => vscode.workspace.fs.writeFile(uri(path), encoder.encode(text));
const read = async (path: string): Promise<string> => new TextDecoder().decode(await vscode.workspace.fs.readFile(uri(path)));

describe('agent tools: check and add credits', function () {
  this.timeout(60_000);
  const api = useApiServer('alice');
  let server: ApiServer;
  let credited: Photo;
  let uncredited: Photo;
  let trip: string;
  let note: string;

  /** The lines of an answer about one media: its head line, then its uses. */
  const mediaLines = (text: string, photo: Photo): string[] => {
    const lines = text.split('\n');
    const at = lines.findIndex((l) => l.startsWith(`photo:${photo.id} `));
    if (at < 0) return [];
    const end = lines.findIndex((l, i) => i > at && !l.startsWith('  '));
    return lines.slice(at, end < 0 ? undefined : end);
  };

  /** A photo neither the client nor In This Workspace knows, and its file's text. */
  const unknownPhoto = async (): Promise<{ id: number; page: string }> => {
    const { container, client } = await extensionApi();
    const known = new Set([credited.id, uncredited.id]);
    for (const p of server.library.photos) {
      if (known.has(p.id) || p.id % 5 !== 1 || container.workspace.model.media('photo', p.id) || (await client.hasCached('photo', p.id))) continue;
      return { id: p.id, page: `# New\n\n![New](${server.origin}/media/photos/${p.id}/pexels-photo-${p.id}.png)\n` };
    }
    return assert.fail('a photo not known yet');
  };

  before(async () => {
    server = api();
    const { client, container } = await extensionApi();
    // The web workbench saves edits after a second by default: what the tool adds must stay unsaved.
    await updateSetting('files', 'autoSave', 'off');
    const [a, b] = server.library.photos.filter((p) => PLAIN.test(p.photographer.name) && PLAIN.test(p.alt) && p.id % 5 === 2);
    assert.ok(a && b);
    credited = await client.getPhoto(a.id);
    uncredited = await client.getPhoto(b.id);
    trip = tripPage(credited, uncredited);
    note = `![Hills again](${credited.src.large})\n\nPhoto by ${credited.photographer} on Pexels\n`;
    await write('posts/trip.md', trip);
    await write('notes/note.md', note);
    // In This Workspace's model (which the tools read) made and scanned now, with these files in it, whatever ran before.
    await container.workspace.model.refresh();
    await container.workspace.model.lookUpNow(container.workspace.model.groups(), false);
  });
  beforeEach(async () => {
    await asNew(server, 'alice');
  });
  afterEach(closeAllEditors);
  after(async () => {
    await updateSetting('files', 'autoSave', undefined);
    await vscode.workspace.fs.delete(vscode.Uri.joinPath(workspaceRoot(), FOLDER), { recursive: true }).then(undefined, () => undefined);
  });

  it('checkCredits lists each media with its photographer and each use as file:line, credited or missing; no request for media known', async () => {
    const { text } = await invoke('stockMedia_checkCredits', { files: [FOLDER] });
    assert.ok(text.startsWith(`Credit check of the files asked for ("${FOLDER}"): 2 media, 3 uses in 2 files: 2 credited, 1 missing credit, 0 not checked.`), text);
    assert.deepEqual(mediaLines(text, uncredited), [`photo:${uncredited.id} by "${uncredited.photographer}": 1 use, 1 missing credit`, `  ${FOLDER}/posts/trip.md:9 missing credit`]);
    assert.deepEqual(mediaLines(text, credited), [`photo:${credited.id} by "${credited.photographer}": 2 uses`, `  ${FOLDER}/notes/note.md:1 credited`, `  ${FOLDER}/posts/trip.md:3 credited`]);
    assert.match(text, /stockMedia_addCredits adds the missing credit lines/);
    // The whole workspace (the default) has them too.
    const whole = await invoke('stockMedia_checkCredits', {});
    assert.ok(whole.text.startsWith('Credit check of the whole workspace: '), whole.text);
    assert.deepEqual(mediaLines(whole.text, uncredited), mediaLines(text, uncredited));
    assert.equal(server.apiRequestCount(), 0);
  });

  it('files narrows the check: a glob, a file, a folder; an entry that matches nothing says so', async () => {
    const posts = await invoke('stockMedia_checkCredits', { files: [`${FOLDER}/posts/**`] });
    assert.deepEqual(mediaLines(posts.text, credited), [`photo:${credited.id} by "${credited.photographer}": 1 use`, `  ${FOLDER}/posts/trip.md:3 credited`]);
    assert.equal(mediaLines(posts.text, uncredited).length, 2);
    const notes = await invoke('stockMedia_checkCredits', { files: ['**/note.md'] });
    assert.deepEqual(mediaLines(notes.text, credited), [`photo:${credited.id} by "${credited.photographer}": 1 use`, `  ${FOLDER}/notes/note.md:1 credited`]);
    assert.deepEqual(mediaLines(notes.text, uncredited), [], 'trip.md is not asked for');
    const one = await invoke('stockMedia_checkCredits', { files: `${FOLDER}/posts/trip.md` });
    assert.ok(one.text.includes('2 media, 2 uses in 1 file: 1 credited, 1 missing credit'), one.text);
    const none = await invoke('stockMedia_checkCredits', { files: [`${FOLDER}/**/*.html`, `${FOLDER}/missing.md`] });
    assert.ok(none.text.includes('No stock media of the service is used there.'), none.text);
    assert.ok(none.text.includes(`"${FOLDER}/**/*.html" matches no file that uses stock media.`), none.text);
    assert.ok(none.text.includes(`"${FOLDER}/missing.md" does not exist.`), none.text);
    assert.equal(server.apiRequestCount(), 0);
  });

  it('addCredits: the person confirms each line; the credit the quick fix writes, where it puts it, one undo step; a second call adds nothing', async () => {
    // In This Workspace out of sight (an earlier suite may have left the Stock Media side bar
    // open): a visible view looks up the media of the page the tool edits, which is the view's
    // request, not the tool's.
    await hideWorkspaceMedia();
    const { container } = await extensionApi();
    const files = [`${FOLDER}/**/*.md`];
    // Every API request fails while the tool runs: the credit it writes comes from what In This
    // Workspace knows of the media, not from a look-up (the client's cache was emptied). Counting
    // the server's requests instead failed twice under CI's load: one of the page's media was
    // asked for meanwhile by another part of the window, which a failure does not harm.
    server.setSwitches({ failStatus: 500 });
    const prepared = await ADD_CREDITS_TOOL.prepare(container, { files });
    assert.equal(prepared.confirmationMessages?.title, 'Add missing credit lines?');
    const message = prepared.confirmationMessages?.message;
    const markdown = typeof message === 'string' ? message : message?.value;
    const escaped = (s: string): string => s.replace(/[!-/:-@[-`{-~]/g, (c) => `\\${c}`);
    assert.ok(markdown?.startsWith(`Adds a credit line to ${escaped(`${FOLDER}/posts/trip.md`)}, as the credit check’s quick fix writes it:`), markdown);
    assert.ok(markdown?.includes(`- ${escaped(`${FOLDER}/posts/trip.md`)}, line 11: ${escaped(`Photo by (${uncredited.photographer})(`)}`), markdown);
    assert.equal(await read('posts/trip.md'), trip, 'nothing written before the call');

    const { text } = await invoke('stockMedia_addCredits', { files });
    const credit = `Photo by [${uncredited.photographer}](${uncredited.photographer_url}) on [Pexels](${uncredited.url})`;
    const coast = `![Coast](${uncredited.src.medium})\n\n`;
    const document = await vscode.workspace.openTextDocument(uri('posts/trip.md'));
    assert.equal(document.getText(), trip.replace(coast, `${coast}${credit}\n\n`), 'the credit as its own paragraph under the photo, the rest as it was');
    assert.equal(document.lineAt(10).text, credit);
    // Quoted as service text is (toolText.ts quoted): brackets as parentheses, no `://`.
    const defused = (s: string): string => s.replace(/\[/g, '(').replace(/\]/g, ')').replace(/:\/\//g, ': //');
    assert.ok(text.startsWith('Added 1 credit line in 1 file, where the credit check'), text);
    assert.ok(text.includes(`\n${FOLDER}/posts/trip.md: 1 line added\n  ${FOLDER}/posts/trip.md:11 ${JSON.stringify(defused(credit))}`), text);
    assert.equal(document.getText().split(uncredited.photographer).length, 2, 'one credit line');
    assert.equal(await read('notes/note.md'), note, 'a credited page is left as it was');

    const again = await invoke('stockMedia_addCredits', { files });
    assert.ok(again.text.startsWith(`No credit line is missing in the files asked for ("${FOLDER}/**/*.md"): nothing was written.`), again.text);
    assert.equal(document.getText(), trip.replace(coast, `${coast}${credit}\n\n`));
    server.resetSwitches();
    // Known to the client, so that the credit check of the editor shown costs no request (asNew emptied its cache).
    const { client } = await extensionApi();
    await Promise.all([client.getPhoto(credited.id), client.getPhoto(uncredited.id)]);
    await vscode.window.showTextDocument(document);
    await vscode.commands.executeCommand('undo');
    assert.equal(document.getText(), trip, 'one undo takes the page back');
    assert.equal(await read('posts/trip.md'), trip, 'nothing saved');
  });

  it('a media not known is looked up within the credit check’s budget: one request, then known', async () => {
    await vscode.commands.executeCommand('stockMedia.test.creditCheck', { op: 'resetBudget' });
    const { id, page } = await unknownPhoto();
    await write('new/new.md', page);
    const asked = (): number => server.apiRequestCount((e) => e.path.endsWith(`/photos/${id}`));
    const { text } = await invoke('stockMedia_checkCredits', { files: [`${FOLDER}/new/new.md`] });
    assert.equal(asked(), 1);
    const photo = await (await extensionApi()).client.getPhoto(id);
    assert.deepEqual(mediaLines(text, { id } as Photo), [`photo:${id} by "${photo.photographer}": 1 use, 1 missing credit`, `  ${FOLDER}/new/new.md:3 missing credit`]);
    assert.equal(await vscode.commands.executeCommand<number>('stockMedia.test.creditCheck', { op: 'budget' }), 1, 'counted in the credit check’s budget');
    await invoke('stockMedia_checkCredits', { files: [`${FOLDER}/new/new.md`] });
    assert.equal(asked(), 1, 'known now: no second request');
    await vscode.workspace.fs.delete(uri('new'), { recursive: true });
  });

  it('quota used up: media known are still checked, an unknown one is not looked up and says why', async () => {
    const { services } = await extensionApi();
    await invoke('stockMedia_search', { query: 'morning', count: 1 });
    const current = services.quota.current;
    assert.ok(current);
    const { id, page } = await unknownPhoto();
    await write('quota/new.md', page);
    services.quota.update({ ...current, remaining: 0 });
    try {
      server.clearLog();
      const { text } = await invoke('stockMedia_checkCredits', { files: [`${FOLDER}/quota/new.md`, `${FOLDER}/posts`] });
      assert.deepEqual(mediaLines(text, { id } as Photo), [`photo:${id} (not known): 1 use`, `  ${FOLDER}/quota/new.md:3 not checked (unknown media, quota)`]);
      assert.deepEqual(mediaLines(text, uncredited)[1], `  ${FOLDER}/posts/trip.md:9 missing credit`);
      assert.match(text, /quota is used up\. It resets .*nothing new was asked for/);
      assert.equal(server.apiRequestCount(), 0);
    } finally {
      services.quota.update(current);
      await vscode.workspace.fs.delete(uri('quota'), { recursive: true });
    }
  });

  it('no key: media known are checked; one to look up is refused with how to set a key, and nothing is sent', async () => {
    const { services } = await extensionApi();
    await services.keys.clearKey();
    await services.refreshKeyState();
    const known = await invoke('stockMedia_checkCredits', { files: [`${FOLDER}/posts`] });
    assert.equal(mediaLines(known.text, uncredited)[1], `  ${FOLDER}/posts/trip.md:9 missing credit`);
    const { page } = await unknownPhoto();
    await write('nokey/new.md', page);
    try {
      // Named as a file: read now (a folder's new file is seen once the file watcher tells).
      assert.match(await refusal('stockMedia_checkCredits', { files: [`${FOLDER}/nokey/new.md`] }), /No API key is set.*Stock Media: Set API Key…/);
      assert.match(await refusal('stockMedia_addCredits', { files: [`${FOLDER}/nokey/new.md`] }), /No API key is set/);
      assert.equal(server.apiRequestCount(), 0);
    } finally {
      await vscode.workspace.fs.delete(uri('nokey'), { recursive: true });
    }
  });

  it('a file outside the workspace or in .git is refused with what to send, and nothing is written', async () => {
    for (const tool of ['stockMedia_checkCredits', 'stockMedia_addCredits']) {
      assert.match(await refusal(tool, { files: ['../outside.md'] }), /^In "files", "\.\.\/outside\.md": "files" must be a path inside the workspace folder, relative to it/);
      assert.match(await refusal(tool, { files: ['/etc/hosts'] }), /"files" must be a path inside the workspace folder/);
      assert.match(await refusal(tool, { files: ['file:///etc/hosts'] }), /"files" must be a file of the workspace: .* is outside every workspace folder/);
      assert.match(await refusal(tool, { files: ['.git/config'] }), /"files" must not be in a \.git folder/);
      assert.match(await refusal(tool, { files: ['../**/*.md'] }), /a glob pattern must be relative to the workspace folder/);
      assert.match(await refusal(tool, { files: [42] }), /"files" must be a list of texts/);
    }
    assert.equal(await read('posts/trip.md'), trip);
    assert.equal(server.apiRequestCount(), 0);
  });
});

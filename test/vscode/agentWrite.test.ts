// The agent's writing tools in a real VS Code (both hosts), called as the agent calls them
// (`vscode.lm.invokeTool`) against the local library: stockMedia_insert writes exactly what the
// Insert command writes for the same media and settings (Markdown, HTML), at the line asked,
// one undo step, with save:true the file saved into the workspace and linked, a cancelled save
// leaving no file; stockMedia_setCover writes the preset's fields into a YAML page's front
// matter and nothing else, and keeps a cover already there unless told to replace it. Wrong
// inputs (a file outside the workspace or in .git, an unknown reference, a line past the end)
// are refused with what to send, and change nothing. What the person confirms (`prepare`)
// names the file, the place and the photographer. Restricted Mode is not testable here: the
// test host runs with workspace trust off (always trusted); see the report of issue 34.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { parse as parseYaml } from 'yaml';
import type { MediaItem, Photo } from '../../src/core/model';
import { INSERT_TOOL, SET_COVER_TOOL } from '../../src/host/agent/writeTools';
import type { ApiServer } from '../server/server';
import { invoke, refusal } from './agentSupport';
import { asNew, closeAllEditors, exists, extensionApi, filesBelow, plainPhoto, updateSetting, useApiServer, waitFor, workspaceRoot } from './support';

const FOLDER = 'agent-write';

describe('agent tools: insert and set a cover', function () {
  this.timeout(60_000);
  const api = useApiServer('alice');
  let server: ApiServer;
  let photo: Photo;
  let media: MediaItem;
  let counter = 0;

  /** A new file `<workspace>/agent-write/<n>/<name>` (not opened); its workspace-relative path. */
  const newFile = async (name: string, content: string): Promise<{ uri: vscode.Uri; path: string }> => {
    counter += 1;
    const path = `${FOLDER}/${counter}/${name}`;
    const uri = vscode.Uri.joinPath(workspaceRoot(), path);
    await vscode.workspace.fs.writeFile(uri, new TextEncoder().encode(content));
    return { uri, path };
  };
  const documentOf = (uri: vscode.Uri): Promise<vscode.TextDocument> => Promise.resolve(vscode.workspace.openTextDocument(uri));
  const undo = async (document: vscode.TextDocument): Promise<void> => {
    await vscode.window.showTextDocument(document);
    await vscode.commands.executeCommand('undo');
  };
  /** What the Insert command writes into a copy of `content` (`name`) with the cursor at `line` (0-based), column 0. */
  const byCommand = async (name: string, content: string, line: number): Promise<string> => {
    const { uri } = await newFile(name, content);
    const editor = await vscode.window.showTextDocument(await documentOf(uri), { preview: false });
    editor.selection = new vscode.Selection(line, 0, line, 0);
    const outcome = await vscode.commands.executeCommand<{ result: string }>('stockMedia.insert', { media });
    assert.equal(outcome.result, 'inserted');
    return editor.document.getText();
  };

  before(async () => {
    server = api();
    photo = await plainPhoto(server);
    media = { kind: 'photo', photo };
  });
  beforeEach(async () => {
    await asNew(server, 'alice');
  });
  afterEach(closeAllEditors);
  after(async () => {
    await vscode.workspace.fs.delete(vscode.Uri.joinPath(workspaceRoot(), FOLDER), { recursive: true }).then(undefined, () => undefined);
  });

  it('both are listed in vscode.lm.tools with the schema package.json declares', () => {
    const declared = (vscode.extensions.getExtension('stockmedia.stock-media')?.packageJSON as { contributes: { languageModelTools: { name: string; inputSchema: object }[] } }).contributes.languageModelTools;
    for (const name of ['stockMedia_insert', 'stockMedia_setCover']) {
      const listed = vscode.lm.tools.find((tool) => tool.name === name);
      assert.ok(listed, `${name} is listed`);
      assert.deepEqual(listed.inputSchema, declared.find((tool) => tool.name === name)?.inputSchema);
    }
  });

  it('insert into Markdown: the same text as the Insert command at the same place; one undo takes it back', async () => {
    const original = '# Harbour\n\nBoats at dawn.\n\nMore text.\n';
    const expected = await byCommand('command.md', original, 3);
    await closeAllEditors();
    const { uri, path } = await newFile('tool.md', original);
    const { text } = await invoke('stockMedia_insert', { ref: `photo:${photo.id}`, file: path, line: 4 });
    const document = await documentOf(uri);
    assert.equal(document.getText(), expected);
    assert.notEqual(expected, original);
    assert.ok(text.startsWith(`Inserted photo:${photo.id} at ${path}:`), text);
    assert.ok(text.includes(`    ![${photo.alt}](${photo.src.large})`), text);
    assert.ok(text.includes(`Nothing was saved into the workspace`), text);
    await undo(document);
    assert.equal(document.getText(), original, 'one undo restores the file');
  });

  it('insert into HTML: the same <figure> as the Insert command, indented as the editor indents', async () => {
    const original = '<body>\n\n</body>\n';
    const expected = await byCommand('command.html', original, 1);
    await closeAllEditors();
    const { uri, path } = await newFile('tool.html', original);
    await invoke('stockMedia_insert', { ref: `photo:${photo.id}`, file: path, line: 2 });
    const document = await documentOf(uri);
    assert.equal(document.getText(), expected);
    assert.match(expected, /^<body>\n {4}<figure>\n/);
    await undo(document);
    assert.equal(document.getText(), original);
  });

  it('line: the insert starts at that line, the lines above unchanged; without one, at the cursor of the file’s editor, else at the end; alt and size as given', async () => {
    const original = 'one\n\ntwo\n\nthree\n';
    const first = await newFile('lines.md', original);
    const at3 = await invoke('stockMedia_insert', { ref: `photo:${photo.id}`, file: first.path, line: 3, alt: 'Boats in the harbour', size: '1280' });
    const text = (await documentOf(first.uri)).getText();
    const lines = text.split('\n');
    assert.deepEqual(lines.slice(0, 2), ['one', '']);
    assert.match(lines[2] ?? '', /^!\[Boats in the harbour\]\(.*[?&]w=1280\b/);
    assert.ok(text.endsWith('\n\ntwo\n\nthree\n'), text);
    assert.ok(at3.text.startsWith(`Inserted photo:${photo.id} at ${first.path}:3 `), at3.text);

    // No line, no editor: at the end.
    const second = await newFile('end.md', 'text\n');
    await invoke('stockMedia_insert', { ref: `photo:${photo.id}`, file: second.path });
    assert.match((await documentOf(second.uri)).getText(), /^text\n\n!\[[^\]]*\]\([^)]+\)\n\nPhoto by /);

    // No line, the file in an editor: at its cursor.
    const third = await newFile('cursor.md', 'a\n\nb\n');
    const editor = await vscode.window.showTextDocument(await documentOf(third.uri), { preview: false });
    editor.selection = new vscode.Selection(1, 0, 1, 0);
    await invoke('stockMedia_insert', { ref: `photo:${photo.id}`, file: third.path });
    assert.match(editor.document.getText(), /^a\n\n!\[[^\]]*\]\([^)]+\)\n\nPhoto by [^\n]+\n\nb\n$/);
  });

  /** The titles of the progress notifications `run` shows (vscode.window.withProgress at Notification). */
  const notificationsOf = async (run: () => Promise<unknown>): Promise<string[]> => {
    const titles: string[] = [];
    const withProgress = vscode.window.withProgress;
    (vscode.window as { withProgress: typeof withProgress }).withProgress = (options, task) => {
      if (options.location === vscode.ProgressLocation.Notification) titles.push(options.title ?? '');
      return withProgress(options, task);
    };
    try {
      await run();
    } finally {
      (vscode.window as { withProgress: typeof withProgress }).withProgress = withProgress;
    }
    return titles;
  };

  it('save:true saves the photo into the workspace and links the saved file, with no progress notification (the command keeps its own)', async () => {
    const { uri, path } = await newFile('saved.md', '# Saved\n');
    let text = '';
    const shown = await notificationsOf(async () => {
      ({ text } = await invoke('stockMedia_insert', { ref: `photo:${photo.id}`, file: path, save: true }));
    });
    assert.deepEqual(shown, [], 'the chat shows the tool running: no notification of its own');
    const saved = /^Saved into the workspace: (.+)$/m.exec(text)?.[1];
    assert.ok(saved, text);
    const savedUri = vscode.Uri.joinPath(workspaceRoot(), saved);
    assert.ok(await exists(savedUri), `${saved} exists`);
    assert.ok((await vscode.workspace.fs.stat(savedUri)).size > 0);
    const name = saved.split('/').pop() ?? '';
    const written = (await documentOf(uri)).getText();
    assert.ok(written.includes(name) && !written.includes(photo.src.large), written);
    await vscode.workspace.fs.delete(savedUri);

    // Save into Workspace and Insert, the command: the same save, under its notification.
    const command = await newFile('command.md', '# Saved\n');
    await vscode.window.showTextDocument(await documentOf(command.uri), { preview: false });
    let outcome: { result: string; files?: readonly { uri: vscode.Uri }[] } | undefined;
    const byCommand = await notificationsOf(async () => {
      outcome = await vscode.commands.executeCommand('stockMedia.saveAndInsert', { media });
    });
    assert.equal(outcome?.result, 'inserted');
    assert.equal(byCommand.length, 1, byCommand.join(', '));
    for (const file of outcome?.files ?? []) await vscode.workspace.fs.delete(file.uri);
  });

  it('setCover with the insert mode "download": the image saved into the workspace with no progress notification', async () => {
    await updateSetting('stockMedia.insert', 'mode', 'download');
    try {
      const { uri, path } = await newFile('saved-cover.md', '---\ntitle: Saved\n---\n\nText.\n');
      let text = '';
      const shown = await notificationsOf(async () => {
        ({ text } = await invoke('stockMedia_setCover', { ref: `photo:${photo.id}`, file: path, preset: 'hugo-papermod' }));
      });
      assert.deepEqual(shown, []);
      const saved = /^Saved into the workspace: (.+)$/m.exec(text)?.[1];
      assert.ok(saved, text);
      assert.ok((await documentOf(uri)).getText().includes(saved.split('/').pop() ?? '?'));
      await vscode.workspace.fs.delete(vscode.Uri.joinPath(workspaceRoot(), saved));
    } finally {
      await updateSetting('stockMedia.insert', 'mode', undefined);
    }
  });

  it('cancelled while the file downloads: the tool fails, no file is left, the document is unchanged', async () => {
    const { uri, path } = await newFile('cancel.md', '# Cancel\n');
    const files = async (): Promise<string[]> => (await filesBelow(workspaceRoot())).map((u) => u.path).sort();
    const before = await files();
    server.setSwitches({ mediaDelayMs: 10_000 });
    const source = new vscode.CancellationTokenSource();
    // A size no other test asks for: the browser's cache (the web worker host) has no answer for it.
    const running = refusal('stockMedia_insert', { ref: `photo:${photo.id}`, file: path, save: true, size: '1111' }, source.token);
    await waitFor(() => server.mediaLog.length > 0, 'the download at the library');
    source.cancel();
    assert.match(await running, /cancel/i);
    assert.equal((await documentOf(uri)).getText(), '# Cancel\n');
    assert.deepEqual(await files(), before);
  });

  it('wrong inputs say what to send and change nothing: a file outside the workspace, in .git, an unknown reference, a line past the end, a size there is none of, a cover for a page that is not Markdown', async () => {
    const { uri, path } = await newFile('wrong.md', 'one\ntwo\n');
    assert.match(await refusal('stockMedia_insert', { ref: `photo:${photo.id}`, file: '../outside.md' }), /"file" must be a path inside the workspace folder/);
    assert.match(await refusal('stockMedia_insert', { ref: `photo:${photo.id}`, file: 'file:///tmp/outside.md' }), /"file" must be a file of the workspace/);
    assert.match(await refusal('stockMedia_setCover', { ref: `photo:${photo.id}`, file: '.git/notes.md' }), /"file" must not be in a \.git folder/);
    assert.match(await refusal('stockMedia_insert', { ref: 'photo:999999999', file: path }), /photo:999999999/);
    assert.match(await refusal('stockMedia_insert', { ref: `photo:${photo.id}`, file: path, line: 9 }), /"line" 9 is past the end of the file, which has 3 lines/);
    assert.match(await refusal('stockMedia_insert', { ref: `photo:${photo.id}`, file: path, size: 'huge' }), /"size" "huge" is not a size the service makes\. .*large2x/);
    assert.match(await refusal('stockMedia_insert', { file: path }), /"ref" is required/);
    const html = await newFile('page.html', '<p>x</p>\n');
    assert.match(await refusal('stockMedia_setCover', { ref: `photo:${photo.id}`, file: html.path }), /"file" must be a Markdown or MDX page/);
    assert.equal((await documentOf(html.uri)).getText(), '<p>x</p>\n');
    assert.equal((await documentOf(uri)).getText(), 'one\ntwo\n');
    assert.equal(await exists(vscode.Uri.joinPath(workspaceRoot(), '.git', 'notes.md')), false);
  });

  it('setCover on a YAML page: the preset’s fields, the rest byte for byte; a second call keeps the cover and says so; replace:true replaces it, with the same media too', async () => {
    const original = ['---', '# as the archetype wrote it', 'title: "Autumn walk" # shown in lists', "date: '2026-11-20'", 'tags: [walks, autumn]', '---', '', 'A walk by the lake.', ''].join('\n');
    const { uri, path } = await newFile('post.md', original);
    const { text } = await invoke('stockMedia_setCover', { ref: `photo:${photo.id}`, file: path, preset: 'hugo-papermod' });
    const document = await documentOf(uri);
    const after = document.getText();
    const end = after.indexOf('\n---\n', 4);
    assert.equal(after.slice(end), original.slice(original.indexOf('\n---\n', 4)), 'the body is the same, byte for byte');
    assert.ok(after.startsWith('---\n# as the archetype wrote it\ntitle: "Autumn walk" # shown in lists\n'), after);
    const data = parseYaml(after.slice(4, end + 1)) as Record<string, unknown>;
    assert.deepEqual(Object.keys(data), ['title', 'date', 'tags', 'cover']);
    const cover = data['cover'] as Record<string, string>;
    assert.deepEqual(Object.keys(cover), ['image', 'alt', 'caption']);
    assert.match(cover['image'] ?? '', /fit=crop&h=630&w=1200$/);
    assert.equal(cover['alt'], photo.alt);
    assert.ok(cover['caption']?.startsWith(`Photo by [${photo.photographer}](`), cover['caption']);
    assert.ok(text.startsWith(`Set photo:${photo.id} as the cover of ${path} (preset hugo-papermod).`), text);
    assert.ok(text.includes(`    cover.image: "${cover['image']}"`), text);
    assert.ok(text.includes(`    cover.alt: ${JSON.stringify(photo.alt)}`), text);

    const second = await invoke('stockMedia_setCover', { ref: `photo:${photo.id}`, file: path, preset: 'hugo-papermod' });
    assert.equal(second.text, `${path} already has a cover (cover.image, cover.alt, cover.caption): nothing was written. Send "replace": true to replace it.`);
    assert.equal(document.getText(), after, 'kept as it was');

    const [, other] = server.library.photos;
    assert.ok(other);
    const third = await invoke('stockMedia_setCover', { ref: `photo:${other.id}`, file: path, preset: 'hugo-papermod', replace: true });
    assert.match(third.text, /Replaced the cover that was there \(cover\.image, cover\.alt, cover\.caption\)/);
    assert.ok(document.getText().includes(`/${other.id}/`), document.getText());
    // The same media again (an agent's second pass): the page holds that cover already; nothing changes, no error, no empty undo step.
    const replaced = document.getText();
    const again = await invoke('stockMedia_setCover', { ref: `photo:${other.id}`, file: path, preset: 'hugo-papermod', replace: true });
    assert.ok(again.text.startsWith(`Set photo:${other.id} as the cover of ${path}`), again.text);
    assert.equal(document.getText(), replaced);
    await undo(document);
    assert.equal(document.getText(), after, 'one undo: the first cover again');
  });

  it('what the person confirms names the file, the place, the photographer and what is saved', async () => {
    const { container } = await extensionApi();
    const { path } = await newFile('confirm.md', 'a\nb\n');
    const insert = await INSERT_TOOL.prepare(container, { ref: `photo:${photo.id}`, file: path, line: 2, save: true });
    assert.equal(insert.invocationMessage, `Inserting photo:${photo.id} into ${path}`);
    assert.equal(insert.confirmationMessages?.title, 'Insert a stock photo?');
    const message = insert.confirmationMessages?.message;
    const markdown = typeof message === 'string' ? message : message?.value;
    const escaped = (s: string): string => s.replace(/[!-/:-@[-`{-~]/g, (c) => `\\${c}`);
    assert.ok(markdown?.includes(`Into: ${escaped(path)}, at line 2.`), markdown);
    assert.ok(markdown?.includes(`credited to ${escaped(photo.photographer)} on Pexels.`), markdown);
    assert.ok(markdown?.includes('The file is saved into the workspace first'), markdown);
    const cover = await SET_COVER_TOOL.prepare(container, { ref: `photo:${photo.id}`, file: path, preset: 'jekyll-seo' });
    const coverMarkdown = typeof cover.confirmationMessages?.message === 'string' ? cover.confirmationMessages.message : cover.confirmationMessages?.message.value;
    assert.ok(coverMarkdown?.includes(`Into the front matter of ${escaped(path)}: image\\.path, image\\.alt, image\\.width, image\\.height, image\\.credit.`), coverMarkdown);
    assert.ok(coverMarkdown?.includes('A cover the page already has is kept'), coverMarkdown);
  });
});

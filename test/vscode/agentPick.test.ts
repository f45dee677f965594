// The agent's stockMedia_pickMedia in a real VS Code (both hosts), called as the agent calls it
// (vscode.lm.invokeTool), against the local library: the grid opens on the search in choose
// mode with the prompt, the person's choice (the message a tile's Choose, Enter on a tile and the
// preview's Choose send, through the grid's own receive) is the answer; closing the grid, Cancel
// or Escape (the same message), a cancelled call and a second pick answer that nothing was
// chosen (a cancelled call: VS Code's cancellation). How the webview draws it and the keyboard: test/e2e/agentPick.e2e.ts.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { GridPanelState } from './hooks';
import type { ApiServer } from '../server/server';
import { invoke, refusal } from './agentSupport';
import { asNew, closeAllEditors, extensionApi, gridTold, useApiServer, waitFor } from './support';

const TEST_COMMAND = 'stockMedia.test.grid';
const NOT_CHOSEN = 'The person closed the grid without choosing.';

function gridState(): Thenable<GridPanelState | undefined> {
  return vscode.commands.executeCommand<GridPanelState | undefined>(TEST_COMMAND, { op: 'state' });
}

/** Once the webview shows the pick's results with `prompt` above them: the first tile's key. */
async function choosingWith(prompt: string): Promise<string> {
  const told = await gridTold(`the grid choosing for “${prompt}”`, (t) => t.status === 'loaded' && t.items.length > 0 && t.choosing === prompt);
  const key = told.items[0]?.key;
  assert.ok(key);
  return key;
}

/** What a tile's Choose sends (null: Cancel, Escape). */
function choose(key: string | null): Thenable<unknown> {
  return vscode.commands.executeCommand(TEST_COMMAND, { op: 'receive', message: { type: 'chosen', key } });
}

describe('agent tools: the person picks in the grid', function () {
  this.timeout(60_000);
  const api = useApiServer('alice');
  let server: ApiServer;
  before(() => {
    server = api();
  });
  beforeEach(async () => {
    await asNew(server, 'alice');
  });
  afterEach(async () => {
    await vscode.commands.executeCommand(TEST_COMMAND, { op: 'close' });
    await closeAllEditors();
  });

  it('opens the grid on the search with the prompt; the tile chosen is the answer, and the grid it opened closes', async () => {
    const picking = invoke('stockMedia_pickMedia', { query: 'morning', orientation: 'landscape', prompt: 'A cover for the post about mornings' });
    const key = await choosingWith('A cover for the post about mornings');
    const state = await gridState();
    assert.deepEqual(state?.session.spec && { mode: state.session.spec.mode, query: 'query' in state.session.spec ? state.session.spec.query : undefined }, { mode: 'photos', query: 'morning' });
    const asked = server.log.filter((e) => e.path === '/v1/search');
    assert.equal(asked.length, 1);
    assert.equal(asked[0]?.query.orientation, 'landscape');
    await choose(key);
    const { text } = await picking;
    const id = Number(key.split(':')[1]);
    const photo = server.library.photos.find((p) => p.id === id);
    assert.ok(photo);
    assert.ok(text.startsWith(`The person chose ${key}:\n${key} · alt `), text);
    assert.ok(text.includes(`by ${JSON.stringify(photo.photographer.name)}`), text);
    assert.ok(text.includes(`${photo.width}×${photo.height}`), text);
    await waitFor(async () => !(await gridState())?.open, 'the grid the pick opened closed');
  });

  it('closing the grid answers that nothing was chosen', async () => {
    const picking = invoke('stockMedia_pickMedia', { query: 'morning', prompt: 'Something calm' });
    await choosingWith('Something calm');
    await vscode.commands.executeCommand(TEST_COMMAND, { op: 'close' });
    assert.equal((await picking).text, NOT_CHOSEN);
  });

  it('Cancel or Escape in a grid the person had open: nothing chosen, and the grid stays, as a normal grid', async () => {
    await vscode.commands.executeCommand('stockMedia.search', { query: 'forest' });
    const picking = invoke('stockMedia_pickMedia', { query: 'morning', prompt: 'Pick one' });
    await choosingWith('Pick one');
    await choose(null);
    assert.equal((await picking).text, NOT_CHOSEN);
    await gridTold('the grid no longer choosing', (t) => t.choosing === null);
    assert.equal((await gridState())?.open, true);
    // A late Choose (a click on its way) is nothing: no one waits.
    const key = (await gridState())?.session.itemKeys[0];
    assert.ok(key);
    await choose(key);
    assert.equal((await gridState())?.open, true);
  });

  it('a cancelled call ends choose mode; a second pick ends the first as not chosen', async () => {
    const source = new vscode.CancellationTokenSource();
    const first = refusal('stockMedia_pickMedia', { query: 'morning', prompt: 'First' }, source.token);
    await choosingWith('First');
    source.cancel();
    // VS Code ends a cancelled call itself (the tool's own answer, nothing chosen, is not handed on).
    assert.match(await first, /cancel/i);
    // The grid the cancelled pick opened closed with it.
    await waitFor(async () => !(await gridState())?.open, 'the grid closed');

    const one = invoke('stockMedia_pickMedia', { query: 'morning', prompt: 'One' });
    await choosingWith('One');
    const two = invoke('stockMedia_pickMedia', { query: 'forest', prompt: 'Two' });
    assert.equal((await one).text, NOT_CHOSEN);
    const key = await choosingWith('Two');
    assert.equal((await gridState())?.open, true, 'the second pick keeps the grid');
    await choose(key);
    assert.ok((await two).text.startsWith(`The person chose ${key}:`));
  });

  it('no key, a wrong input or the quota used up: refused before the grid opens, nothing sent', async () => {
    assert.match(await refusal('stockMedia_pickMedia', { query: 'sea' }), /"prompt" is required/);
    assert.match(await refusal('stockMedia_pickMedia', { query: 'sea', prompt: 'x', aspect: '16:9' }), /"aspect" is not taken here/);
    assert.match(await refusal('stockMedia_pickMedia', { prompt: 'x', curated: true }), /"query" is required/);
    const { services } = await extensionApi();
    const current = services.quota.current;
    if (current) {
      services.quota.update({ ...current, remaining: 0 });
      try {
        assert.match(await refusal('stockMedia_pickMedia', { query: 'sea', prompt: 'x' }), /quota is used up/);
      } finally {
        services.quota.update(current);
      }
    }
    await services.keys.clearKey();
    await services.refreshKeyState();
    assert.match(await refusal('stockMedia_pickMedia', { query: 'sea', prompt: 'x' }), /No API key is set.*Stock Media: Set API Key…/);
    assert.equal(server.apiRequestCount(), 0);
    assert.equal((await gridState())?.open ?? false, false);
  });
});

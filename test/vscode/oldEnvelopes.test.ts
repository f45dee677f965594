// Answers without a total or page links, as the service sent some in 2020 (the local server's
// oldEnvelopes switch), in a real VS Code (Node and web worker hosts): the grid shows the page
// and says how many results it shows, never a total; a full page is followed by the next one,
// asked for by its number, once; a short page ends it.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { GridCommandResult } from '../../src/host/grid/searchCommands';
import type { GridPanelState, GridTold } from './hooks';
import { photoMatches } from '../server/search';
import { closeAllEditors, extensionApi, gridTold, useApiServer } from './support';

const TEST_COMMAND = 'stockMedia.test.grid';

/** What the webview was told, once it has the answer with `itemCount` results (it then says "… results shown": grid.e2e). */
function webviewTold(itemCount: number): Promise<GridTold> {
  return gridTold(`the webview told ${itemCount} results`, (t) => t.status === 'loaded' && t.items.length === itemCount);
}

describe('answers without a total or page links (real VS Code)', function () {
  this.timeout(60_000);
  const server = useApiServer();

  before(async () => {
    server().setSwitches({ oldEnvelopes: true });
    (await extensionApi()).client.clearCache();
  });

  after(async () => {
    await vscode.commands.executeCommand(TEST_COMMAND, { op: 'close' });
    await closeAllEditors();
    server().resetSwitches();
  });

  it('the grid shows the results it has, claims no total, and pages by number until a short page', async () => {
    const query = 'morning';
    const total = server().library.photos.filter((p) => photoMatches(p, { query, orientation: null, size: null, color: null })).length;
    assert.ok(total > 80 && total < 160, `${total} results: one full page and a short one`);
    server().clearLog();

    const result = await vscode.commands.executeCommand<GridCommandResult>('stockMedia.search', { query });
    assert.equal(result.shown && result.count, 80);
    assert.equal(result.shown && result.totalResults, null, 'no total from the service, none claimed');
    const first = await webviewTold(80);
    assert.equal(first.totalResults, null, 'no total told');

    const state = await vscode.commands.executeCommand<GridPanelState>(TEST_COMMAND, { op: 'loadMore' });
    assert.equal(state.session.itemKeys.length, total);
    assert.equal(state.session.hasMore, false, 'a short page is the last');
    const shown = await webviewTold(total);
    assert.equal(shown.totalResults, null);

    await vscode.commands.executeCommand(TEST_COMMAND, { op: 'loadMore' });
    assert.deepEqual(
      server().log.map((e) => [e.path, e.query.page]),
      [
        ['/v1/search', '1'],
        ['/v1/search', '2'],
      ],
      'page 2 asked for by number, once; nothing after the short page',
    );
  });
});

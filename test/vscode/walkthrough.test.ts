// The walkthrough's ticks come from what the user has done in this profile (host/walkthrough/milestones.ts):
// a search that had its answer, an insert, a cover. Kept in globalState, so the next window
// (a new Milestones on the same state) knows them too; a cancelled or failed one does not count.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { InsertOutcome } from '../../src/host/insert/inserter';
import type { GridCommandResult } from '../../src/host/grid/searchCommands';
import { ContextKey } from '../../src/host/common/commandIds';
import type { Services } from '../../src/host/services';
import { Milestones } from '../../src/host/walkthrough/milestones';
import { closeAllEditors, extensionApi, fileOpener, useApiServer, waitFor, workspaceRoot } from './support';

const openNew = fileOpener('walkthrough-tests');

/** Where the profile keeps the milestones (host/walkthrough/milestones.ts). */
const MILESTONES_STATE_KEY = 'stockMedia.milestones';

/**
 * A profile that has done nothing, as a new one is: its stored milestones cleared, their context
 * keys unset, and the services given a new Milestones that reads them (as the next window's would).
 */
async function startAsNewProfile(services: Services): Promise<void> {
  // Through the store the extension writes with (Services.globalState): a reset past it would be
  // taken for an echo of an earlier write, and the milestones written again.
  await services.globalState.update(MILESTONES_STATE_KEY, []);
  for (const key of [ContextKey.hasSearched, ContextKey.hasInserted, ContextKey.hasSetCover]) await vscode.commands.executeCommand('setContext', key, false);
  Object.assign(services, { milestones: new Milestones(services.globalState, services.context.extension.id) });
  assert.equal(services.milestones.has('searched') || services.milestones.has('inserted') || services.milestones.has('coverSet'), false);
}

describe('walkthrough milestones (real VS Code)', function () {
  this.timeout(60_000);
  const server = useApiServer();

  before(async () => {
    await startAsNewProfile((await extensionApi()).services);
  });

  after(async () => {
    await closeAllEditors();
    await vscode.commands.executeCommand('stockMedia.test.grid', { op: 'close' });
    await vscode.workspace.fs.delete(vscode.Uri.joinPath(workspaceRoot(), 'walkthrough-tests'), { recursive: true }).then(undefined, () => undefined);
  });

  it('a search that failed is no search done; one with results is, in this window and the next', async () => {
    const { services } = await extensionApi();
    server().setSwitches({ failStatus: 400 });
    const failed = await vscode.commands.executeCommand<GridCommandResult>('stockMedia.search', { query: 'lake' });
    assert.ok(failed.shown && failed.status === 'failed', JSON.stringify(failed));
    assert.equal(services.milestones.has('searched'), false);
    server().resetSwitches();
    const searched = await vscode.commands.executeCommand<GridCommandResult>('stockMedia.search', { query: 'morning' });
    assert.ok(searched.shown && searched.count > 0, JSON.stringify(searched));
    assert.equal(services.milestones.has('searched'), true);
    // The profile's copy: VS Code echoes each write back to the extension host, the last one last.
    await waitFor(() => new Milestones(services.context.globalState, services.context.extension.id).has('searched'), 'the next window to know it');
    assert.equal(services.milestones.has('inserted'), false, 'a search is not an insert');
  });

  it('an insert from the grid counts once, for the profile (not per window)', async () => {
    const { services, client } = await extensionApi();
    const editor = await openNew('post.md', '# Post\n\n');
    const photo = await client.getPhoto(server().library.photos[0]!.id);
    const outcome = await vscode.commands.executeCommand<InsertOutcome>('stockMedia.insert', { media: { kind: 'photo', photo }, targetUri: editor.document.uri.toString() });
    assert.equal(outcome.result, 'inserted', outcome.notes?.join('\n'));
    assert.equal(services.milestones.has('inserted'), true);
    await waitFor(() => new Milestones(services.context.globalState, services.context.extension.id).has('inserted'), 'the next window to know it');
    assert.equal(services.milestones.has('coverSet'), false, 'an insert is not a cover');
  });
});

// Answers kept across restarts, in a real VS Code (both hosts): what the extension's client
// fetched is in its global storage, and a new window's client (its own client and store on
// the same globalStorageUri) answers it without a request; Clear API Key deletes it.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { MediaClient } from '../../src/api/client';
import { AnswerStore } from '../../src/core/answerStore';
import { keyForOrigin } from '../../src/core/keyBinding';
import { ANSWERS_FILE_NAME, answerFileIn } from '../../src/host/client/answerFile';
import type { ApiServer } from '../server/server';
import { extensionApi, stopLocalServer, storeKeyFor, useLocalServer } from './support';

/** The new windows' clients of a test, closed (their answers written) after it. */
const windows: MediaClient[] = [];

/** What a new window makes: a client over a store read from the same global storage. */
async function newWindowClient(): Promise<MediaClient> {
  const { services } = await extensionApi();
  const cfg = services.config;
  const client = new MediaClient({
    baseUrl: cfg.apiBaseUrl,
    videoBaseUrl: cfg.videoBaseUrl,
    keyProvider: { getKey: async (origin) => keyForOrigin(await services.keys.stored(), origin) },
    cacheTtlMs: cfg.cacheTtlMs,
    store: new AnswerStore({ file: answerFileIn(services.context.globalStorageUri), ttlMs: cfg.cacheTtlMs }),
  });
  windows.push(client);
  return client;
}

async function storedFile(): Promise<string | undefined> {
  const { services } = await extensionApi();
  try {
    const bytes = await vscode.workspace.fs.readFile(vscode.Uri.joinPath(services.context.globalStorageUri, ANSWERS_FILE_NAME));
    return new TextDecoder().decode(bytes);
  } catch (error) {
    if (error instanceof vscode.FileSystemError && error.code === 'FileNotFound') return undefined;
    throw error;
  }
}

describe('Stored answers across a restart', function () {
  this.timeout(30_000);
  let server: ApiServer;
  beforeEach(async () => {
    server = await useLocalServer('alice');
  });
  afterEach(async () => {
    // A window writes what it stored when it closes (host/client/client.ts): not later, into the next test's file.
    await Promise.all(windows.splice(0).map((client) => client.flushCache()));
    await stopLocalServer(server);
  });

  it('a new window answers the searches, media and collections seen before without a request', async () => {
    const { client, services } = await extensionApi();
    assert.equal(services.config.cacheTtlMs, 24 * 3_600_000, 'the default follows the service: 24 hours');
    const sentBefore = client.requestsSent;
    const page = await client.searchPhotos({ query: 'nature', per_page: 20 });
    // Five photos of the page (answered from it, client.ts seedFrom) and five asked for alone.
    const onPage = new Set(page.photos.map((p) => p.id));
    const alone = server.library.photos.filter((p) => !onPage.has(p.id)).slice(0, 5);
    const ids = [...page.photos.slice(0, 5), ...alone].map((p) => p.id);
    assert.equal(ids.length, 10);
    const photos = await Promise.all(ids.map((id) => client.getPhoto(id)));
    const videos = await client.popularVideos({ per_page: 5 });
    const firstVideo = videos.videos[0];
    assert.ok(firstVideo);
    const video = await client.getVideo(firstVideo.id);
    const collections = await client.featuredCollections();
    const sent = server.apiRequestCount();
    assert.equal(client.requestsSent - sentBefore, 9, 'one request for each list and each photo not on the page');
    await client.flushCache();
    const text = await storedFile();
    assert.ok(text, 'the answers are in global storage');
    assert.ok(!text.includes(server.keys.alice), 'never the key');

    const restarted = await newWindowClient();
    assert.deepEqual(await restarted.searchPhotos({ per_page: 20, query: 'nature' }), page);
    assert.deepEqual(await Promise.all(ids.map((id) => restarted.getPhoto(id))), photos);
    assert.deepEqual(await restarted.popularVideos({ per_page: 5 }), videos);
    assert.deepEqual(await restarted.getVideo(firstVideo.id), video);
    assert.deepEqual(await restarted.featuredCollections(), collections);
    assert.equal(server.apiRequestCount(), sent, 'no request after the restart');
    assert.equal(restarted.requestsSent, 0);

    // A refresh still asks the service.
    await restarted.getPhoto(ids[0] ?? 0, { fresh: true });
    assert.equal(server.apiRequestCount(), sent + 1);
  });

  it('Clear API Key deletes the stored answers, and the next key asks the service again', async () => {
    const { client } = await extensionApi();
    const page = await client.curatedPhotos({ per_page: 5 });
    await client.flushCache();
    assert.ok(await storedFile(), 'stored');
    await vscode.commands.executeCommand('stockMedia.clearApiKey');
    assert.equal(await storedFile(), undefined, 'the file is gone when the command ends');

    await storeKeyFor(server, server.keys.bob);
    const before = server.apiRequestCount();
    const restarted = await newWindowClient();
    const bobsPage = await restarted.curatedPhotos({ per_page: 5 });
    assert.equal(server.apiRequestCount(), before + 1, 'asked the service with the new key');
    assert.equal(bobsPage.photos.length, page.photos.length);
  });

  it('answers got with one key are not served to another, even from the same file', async () => {
    const { client } = await extensionApi();
    await client.myCollections();
    await client.flushCache();
    // Another window in which the key is bob's (this window's store is left as it is).
    const { services } = await extensionApi();
    const bobs = new MediaClient({
      baseUrl: services.config.apiBaseUrl,
      videoBaseUrl: services.config.videoBaseUrl,
      keyProvider: { getKey: () => Promise.resolve(server.keys.bob) },
      store: new AnswerStore({ file: answerFileIn(services.context.globalStorageUri), ttlMs: services.config.cacheTtlMs }),
    });
    const before = server.apiRequestCount();
    const mine = await bobs.myCollections();
    assert.equal(server.apiRequestCount(), before + 1);
    assert.ok(mine.collections.every((c) => server.library.collections.find((x) => x.id === c.id)?.owner === 'bob'));
  });
});

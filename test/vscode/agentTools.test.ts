// The agent's tools in a real VS Code (both hosts), called as the agent calls them, through
// `vscode.lm.invokeTool`, against the local library: listed with their schemas; search with the
// service's filters and an aspect ratio, one request and none on repeat; getMedia by reference
// and by link; and the rules every tool keeps (no key, quota used up, an unknown reference,
// cancellation). The writing tools have their own files (agentWrite.test.ts, agentCredits.test.ts).
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { ApiServer } from '../server/server';
import { invoke, refusal } from './agentSupport';
import { asNew, extensionApi, useApiServer, waitFor } from './support';

const searches = (server: ApiServer): number => server.apiRequestCount((e) => e.path === '/v1/search' || e.path === '/videos/search');

describe('agent tools: search and look-up', function () {
  this.timeout(30_000);
  const api = useApiServer('alice');
  let server: ApiServer;
  before(() => {
    server = api();
  });
  beforeEach(async () => {
    await asNew(server, 'alice');
  });

  it('every tool of package.json is listed in vscode.lm.tools with its schema', () => {
    const declared = (vscode.extensions.getExtension('stockmedia.stock-media')?.packageJSON as { contributes: { languageModelTools: { name: string; inputSchema: object }[] } }).contributes.languageModelTools;
    const listed = vscode.lm.tools.filter((tool) => tool.name.startsWith('stockMedia_'));
    assert.equal(declared.length, 7);
    for (const tool of declared) {
      const found = listed.find((l) => l.name === tool.name);
      assert.ok(found, `${tool.name} is listed`);
      assert.deepEqual(found.inputSchema, tool.inputSchema);
    }
  });

  it('search: the filters go to the service, one request for the page, none on repeat; one line per result with its reference', async () => {
    const first = await invoke('stockMedia_search', { query: 'morning', orientation: 'landscape', count: 5 });
    assert.equal(searches(server), 1);
    const asked = server.log.find((e) => e.path === '/v1/search');
    assert.equal(asked?.query.query, 'morning');
    assert.equal(asked?.query.orientation, 'landscape');
    assert.equal(asked?.query.per_page, '80', 'the page the grid asks for: one cache for both');
    const lines = first.text.split('\n').filter((line) => /^photo:\d+ · /.test(line));
    assert.equal(lines.length, 5, first.text);
    for (const line of lines) assert.match(line, /^photo:\d+ · alt ".*" · by ".+" · \d+×\d+/);
    assert.match(first.text, /Quota: [\d,.]+ of [\d,.]+ requests left this month\./);
    const again = await invoke('stockMedia_search', { query: 'morning', orientation: 'landscape', count: 5 });
    assert.equal(searches(server), 1, 'the same search again: no request');
    assert.deepEqual(again.text.split('\n').filter((l) => l.startsWith('photo:')), lines);
  });

  it('search: aspect keeps only results of that ratio, from the same page', async () => {
    const { text } = await invoke('stockMedia_search', { query: 'morning', aspect: '3:2', count: 80 });
    const sizes = [...text.matchAll(/^photo:\d+ · .* · (\d+)×(\d+)/gm)].map((m) => Number(m[1]) / Number(m[2]));
    assert.ok(sizes.length > 0, text);
    for (const ratio of sizes) assert.ok(Math.abs(ratio / 1.5 - 1) <= 0.03, `ratio ${ratio}`);
    assert.equal(searches(server), 1);
  });

  it('search: curated photos and popular videos browse without a query; a wrong input names the field and sends nothing', async () => {
    const curated = await invoke('stockMedia_search', { curated: true, count: 3 });
    assert.equal(curated.text.split('\n').filter((l) => l.startsWith('photo:')).length, 3);
    const popular = await invoke('stockMedia_search', { popular: true, count: 3, minDuration: 5 });
    assert.equal(popular.text.split('\n').filter((l) => l.startsWith('video:')).length, 3, popular.text);
    assert.equal(server.log.find((e) => e.path === '/videos/popular')?.query.min_duration, '5');
    server.clearLog();
    assert.match(await refusal('stockMedia_search', {}), /"query" is required/);
    assert.match(await refusal('stockMedia_search', { query: 'sea', count: 500 }), /"count" must be a whole number from 1 to 80/);
    assert.match(await refusal('stockMedia_search', { query: 'sea', color: 'not a colour' }), /colou?r/i);
    assert.match(await refusal('stockMedia_search', { query: 'sea', aspect: 'wide' }), /"aspect" must be a ratio/);
    assert.equal(server.apiRequestCount(), 0);
  });

  it('getMedia: by reference after a search costs nothing; by page link too; the credit line as an insert writes it', async () => {
    const photo = server.library.photos[0];
    assert.ok(photo);
    const byRef = await invoke('stockMedia_getMedia', { ref: `photo:${photo.id}` });
    assert.equal(server.apiRequestCount(), 1, 'one Get Photo');
    assert.ok(byRef.text.startsWith(`photo:${photo.id} · `), byRef.text);
    assert.match(byRef.text, /Sizes \("size"\): original \d+×\d+, large2x/);
    assert.ok(byRef.text.includes(`Credit line: Photo by ${photo.photographer.name} (${server.origin}/@${photo.photographer.slug}) on Pexels (`), byRef.text);
    assert.ok(byRef.text.includes(`    Photo by [${photo.photographer.name}](`), byRef.text);
    const pageLink = `${server.origin}/photo/${photo.slug}-${photo.id}/`;
    const byLink = await invoke('stockMedia_getMedia', { ref: pageLink });
    assert.equal(server.apiRequestCount(), 1, 'known: no request');
    assert.equal(byLink.text, byRef.text);
  });

  it('no key: the tool says how to set one and sends nothing', async () => {
    const { services } = await extensionApi();
    await services.keys.clearKey();
    await services.refreshKeyState();
    server.clearLog();
    assert.match(await refusal('stockMedia_search', { query: 'sea' }), /No API key is set.*Stock Media: Set API Key…/);
    assert.match(await refusal('stockMedia_getMedia', { ref: 'photo:1' }), /No API key is set/);
    assert.equal(server.apiRequestCount(), 0);
  });

  it('quota used up: a new search is refused with when it resets, what was seen is still answered', async () => {
    await invoke('stockMedia_search', { query: 'morning' });
    const { services } = await extensionApi();
    const current = services.quota.current;
    assert.ok(current);
    services.quota.update({ ...current, remaining: 0 });
    try {
      server.clearLog();
      assert.match(await refusal('stockMedia_search', { query: 'harbour' }), /quota is used up\. It resets .*nothing new was asked for/);
      assert.ok((await invoke('stockMedia_search', { query: 'morning' })).text.includes('photo:'), 'the search seen before');
      assert.equal(server.apiRequestCount(), 0);
    } finally {
      services.quota.update(current);
    }
  });

  it('an unknown reference says what to send; a link of another site is refused', async () => {
    assert.match(await refusal('stockMedia_getMedia', { ref: 'photo:999999999' }), /photo:999999999/);
    assert.match(await refusal('stockMedia_getMedia', { ref: 'https://example.com/photo/x-1/' }), /Only links to .* can be opened\. Send a reference such as "photo:123"/);
    assert.match(await refusal('stockMedia_getMedia', { ref: '42' }), /"42" is a bare number: send "photo:42" or "video:42"/);
  });

  it('cancelled: the request stops, the tool fails', async () => {
    server.setSwitches({ delayMs: 5_000 });
    const source = new vscode.CancellationTokenSource();
    const running = refusal('stockMedia_search', { query: 'slow harbour' }, source.token);
    await waitFor(() => server.log.some((e) => e.path === '/v1/search'), 'the request at the library');
    source.cancel();
    assert.match(await running, /cancel/i);
  });
});

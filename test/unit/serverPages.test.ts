// The local library's website (test/server/pages.ts) and the demo's front door that forwards
// the workbench's `/proxy/<port>/…` links to it: every link a demo user can click leads to a
// page with a title.
import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { startFrontDoor } from '../host/frontDoor';
import type { FrontDoor } from '../host/frontDoor';
import { startApiServer } from '../server/server';
import type { ApiServer } from '../server/server';
import { localCertificate } from '../server/tls';

interface Loaded {
  status: number;
  title: string;
  html: string;
  url: string;
}

async function load(url: string): Promise<Loaded> {
  const answer = await fetch(url);
  const html = await answer.text();
  const title = /<title>([^<]*)<\/title>/.exec(html)?.[1] ?? '';
  return { status: answer.status, title, html, url };
}

/** The hrefs and srcs of a page, resolved against its address. */
function links(page: Loaded, attribute: 'href' | 'src'): string[] {
  return [...page.html.matchAll(new RegExp(`${attribute}="([^"]*)"`, 'g'))].map((m) => new URL((m[1] ?? '').replace(/&#38;/g, '&'), page.url).href);
}

describe('Local library pages', () => {
  let server: ApiServer;
  let prefixed: ApiServer;
  before(async () => {
    server = await startApiServer();
    prefixed = await startApiServer({ pagePrefix: '/library' });
  });
  after(async () => {
    await server.close();
    await prefixed.close();
  });

  it('serves the key page with what a key is and the demo key', async () => {
    const page = await load(`${server.origin}/api/new/`);
    assert.equal(page.status, 200);
    assert.match(page.title, /API Key/);
    assert.ok(page.html.includes(server.keys.alice), 'the demo key is on the page');
    assert.match(page.html, /An API key is/);
    const about = await load(`${server.origin}/api/`);
    assert.equal(about.status, 200);
    assert.ok(links(about, 'href').includes(`${server.origin}/api/new/`), 'the API page links to the key page');
  });

  for (const [name, prefix] of [['at the root', ''], ['under a page prefix', '/library']] as const) {
    it(`links a photo page to its picture and its photographer, and back (${name})`, async () => {
      const api = prefix ? prefixed : server;
      const photo = api.library.photos[3];
      assert.ok(photo);
      const body = (await (await fetch(`${api.baseUrl}/photos/${photo.id}`, { headers: { Authorization: api.keys.alice } })).json()) as { url: string; photographer_url: string; alt: string };
      const page = await load(body.url);
      assert.equal(page.status, 200);
      assert.ok(page.title.startsWith(body.alt), page.title);
      const images = links(page, 'src');
      assert.equal(images.length, 1);
      const image = await fetch(images[0] ?? '');
      assert.equal(image.status, 200);
      assert.equal(image.headers.get('content-type'), 'image/png');
      assert.ok(links(page, 'href').includes(body.photographer_url), 'the photographer link is the one the API gives');
      const profile = await load(body.photographer_url);
      assert.equal(profile.status, 200);
      assert.ok(profile.title.startsWith(photo.photographer.name));
      assert.ok(links(profile, 'href').includes(body.url), 'the profile lists the photo');
      for (const src of links(profile, 'src').slice(0, 3)) assert.equal((await fetch(src)).status, 200, src);
    });
  }

  it('serves a video page with its poster and videographer', async () => {
    const video = server.library.videos[2];
    assert.ok(video);
    const body = (await (await fetch(`${server.videoBaseUrl}/videos/${video.id}`, { headers: { Authorization: server.keys.alice } })).json()) as { url: string; user: { url: string } };
    const page = await load(body.url);
    assert.equal(page.status, 200);
    assert.ok(page.title.startsWith(video.title));
    assert.equal((await fetch(links(page, 'src')[0] ?? '')).status, 200);
    assert.ok(links(page, 'href').includes(body.user.url));
  });
});

describe('The demo front door', () => {
  let api: ApiServer;
  let door: FrontDoor;
  const backend = createServer((_req, res) => res.writeHead(404, { 'Content-Type': 'text/plain' }).end('Not found.'));
  before(async () => {
    api = await startApiServer({ https: true });
    await new Promise<void>((resolve) => backend.listen(0, '127.0.0.1', resolve));
    door = await startFrontDoor((backend.address() as AddressInfo).port, '127.0.0.1', [{ port: Number(new URL(api.origin).port), httpsCa: localCertificate().cert }]);
  });
  after(async () => {
    await door.close();
    await new Promise<void>((resolve) => backend.close(() => resolve()));
    await api.close();
  });

  it('passes the library’s pages through /proxy/<port>/, and the links in them stay behind it', async () => {
    const base = `http://127.0.0.1:${door.port}/proxy/${new URL(api.origin).port}`;
    const key = await load(`${base}/api/new/`);
    assert.equal(key.status, 200);
    assert.ok(key.html.includes(api.keys.alice));
    const photo = api.library.photos[0];
    assert.ok(photo);
    const page = await load(`${base}/photo/${photo.slug}-${photo.id}/`);
    assert.equal(page.status, 200);
    assert.ok(page.title.startsWith(photo.alt));
    for (const link of [...links(page, 'href'), ...links(page, 'src')]) {
      assert.ok(link.startsWith(`${base}/`), `${link} stays behind the front door`);
      assert.equal((await fetch(link)).status, 200, link);
    }
  });

  it('forwards only the ports it was given', async () => {
    const other = await load(`http://127.0.0.1:${door.port}/proxy/9/api/new/`);
    assert.equal(other.status, 404);
    assert.equal(other.html, 'Not found.');
  });
});

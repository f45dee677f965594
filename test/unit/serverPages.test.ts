// The local library's website (test/server/pages.ts) and the demo's front door that forwards
// the workbench's `/proxy/<port>/…` links to it: every link a demo user can click leads to a
// page with a title; the library's texts in one language; video pictures cut from their video.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { startFrontDoor } from '../host/frontDoor';
import type { FrontDoor } from '../host/frontDoor';
import { localCertificate } from '../server/tls';
import { SAMPLE_FRAMES, sampleName, samplePath } from '../server/videoFrames';
import { inflateSync } from 'node:zlib';
import { useApiServer } from './apiServer';

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
  const server = useApiServer();
  const prefixed = useApiServer({ pagePrefix: '/library' });

  it('serves the key page with what a key is and the demo key', async () => {
    const page = await load(`${server().origin}/api/new/`);
    assert.equal(page.status, 200);
    assert.match(page.title, /API Key/);
    assert.ok(page.html.includes(server().keys.alice), 'the demo key is on the page');
    assert.match(page.html, /An API key is/);
    const about = await load(`${server().origin}/api/`);
    assert.equal(about.status, 200);
    assert.ok(links(about, 'href').includes(`${server().origin}/api/new/`), 'the API page links to the key page');
  });

  for (const [name, prefix] of [['at the root', ''], ['under a page prefix', '/library']] as const) {
    it(`links a photo page to its picture and its photographer, and back (${name})`, async () => {
      const api = prefix ? prefixed() : server();
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
    const video = server().library.videos[2];
    assert.ok(video);
    const body = (await (await fetch(`${server().videoBaseUrl}/videos/${video.id}`, { headers: { Authorization: server().keys.alice } })).json()) as { url: string; user: { url: string } };
    const page = await load(body.url);
    assert.equal(page.status, 200);
    assert.ok(page.title.startsWith(video.title));
    assert.equal((await fetch(links(page, 'src')[0] ?? '')).status, 200);
    assert.ok(links(page, 'href').includes(body.user.url));
  });
});

describe('The demo front door', () => {
  const api = useApiServer({ https: true });
  let door: FrontDoor;
  const backend = createServer((_req, res) => res.writeHead(404, { 'Content-Type': 'text/plain' }).end('Not found.'));
  before(async () => {
    await new Promise<void>((resolve) => backend.listen(0, '127.0.0.1', resolve));
    door = await startFrontDoor((backend.address() as AddressInfo).port, '127.0.0.1', [{ port: Number(new URL(api().origin).port), httpsCa: localCertificate().cert }]);
  });
  after(async () => {
    await door.close();
    await new Promise<void>((resolve) => backend.close(() => resolve()));
  });

  it('passes the library’s pages through /proxy/<port>/, and the links in them stay behind it', async () => {
    const base = `http://127.0.0.1:${door.port}/proxy/${new URL(api().origin).port}`;
    const key = await load(`${base}/api/new/`);
    assert.equal(key.status, 200);
    assert.ok(key.html.includes(api().keys.alice));
    const photo = api().library.photos[0];
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

describe('Local library texts: one language at a time, one title per media', () => {
  const server = useApiServer();
  const get = async (url: string): Promise<Record<string, unknown>> =>
    (await (await fetch(url, { headers: { Authorization: server().keys.alice } })).json()) as Record<string, unknown>;
  type PhotoBody = { id: number; alt?: string; url: string; type?: string };
  /** The words of a page URL's slug as a sentence, as the extension titles media without alt text. */
  const fromSlug = (p: PhotoBody): string => {
    const words = (new URL(p.url).pathname.split('/').filter(Boolean).pop() ?? '').replace(new RegExp(`-?${p.id}$`), '').split('-').join(' ');
    return words.charAt(0).toUpperCase() + words.slice(1);
  };

  it('answers an English search (en-US, or no locale) with English alt texts only, the words of their page address', async () => {
    for (const locale of ['', '&locale=en-US', '&locale=pt-BR', '&locale=xx']) {
      for (const query of ['bird', 'cat', 'nature']) {
        const photos = (await get(`${server().baseUrl}/search?query=${query}&per_page=80${locale}`)).photos as PhotoBody[];
        assert.ok(photos.length > 10);
        for (const p of photos) {
          assert.match(p.alt ?? '', /^[A-Z][a-z ]+$/, `${query}${locale}: ${p.alt}`);
          assert.equal(p.alt, fromSlug(p));
        }
      }
    }
  });

  it('answers a search in another language with alt texts in that language, the same for the photo on every endpoint', async () => {
    const german = (await get(`${server().baseUrl}/search?query=bird&locale=de-DE`)).photos as PhotoBody[];
    const english = (await get(`${server().baseUrl}/search?query=bird`)).photos as PhotoBody[];
    assert.deepEqual(german.map((p) => p.id), english.map((p) => p.id), 'the language changes no result');
    for (const p of german) assert.equal(p.alt, 'Kleiner Vogel auf einem Ast');
    const first = german[0];
    assert.ok(first);
    assert.equal(((await get(`${server().baseUrl}/photos/${first.id}?locale=de-DE`)) as PhotoBody).alt, first.alt);
    assert.equal(((await get(`${server().baseUrl}/photos/${first.id}`)) as PhotoBody).alt, english[0]?.alt);
    const japanese = (await get(`${server().baseUrl}/search?query=${encodeURIComponent('猫')}&locale=ja-JP`)).photos as PhotoBody[];
    assert.ok(japanese.length > 0 && japanese.every((p) => p.alt === '窓辺で眠る猫'));
    const curated = (await get(`${server().baseUrl}/curated?per_page=80`)).photos as PhotoBody[];
    for (const p of curated) assert.equal(p.alt, fromSlug(p), 'curated photos in English without a locale');
  });

  it('gives a collection’s photo the title its search answer and its own answer give', async () => {
    const featured = (await get(`${server().baseUrl}/collections/featured?per_page=80`)).collections as { id: string; title: string; description: string | null }[];
    for (const c of featured) assert.match(`${c.title} ${c.description ?? ''}`, /^[\p{Script=Latin}\d ,.'’-]+$/u, 'featured collections in English');
    const media = (await get(`${server().baseUrl}/collections/${featured[0]?.id ?? ''}?type=photos&per_page=20`)).media as PhotoBody[];
    for (const p of media) {
      assert.equal(p.alt, undefined, 'collection photos have no alt text (spec)');
      assert.equal(((await get(`${server().baseUrl}/photos/${p.id}`)) as PhotoBody).alt, fromSlug(p));
    }
  });
});

describe('Local library video pictures: frames of the video they belong to', () => {
  const server = useApiServer();

  /** The RGB at 9 points (a 3 × 3 grid over the middle half) of a frame of a PNG the server made (8-bit RGB, filter 0), `frames` high. */
  function points(png: Buffer, frame = 0, frames = 1): number[] {
    const width = png.readUInt32BE(16);
    const height = png.readUInt32BE(20) / frames;
    const idat: Buffer[] = [];
    for (let at = 8; at < png.length; at += 12 + png.readUInt32BE(at)) if (png.toString('ascii', at + 4, at + 8) === 'IDAT') idat.push(png.subarray(at + 8, at + 8 + png.readUInt32BE(at)));
    const rows = inflateSync(Buffer.concat(idat));
    const out: number[] = [];
    for (const v of [0.25, 0.5, 0.75]) {
      for (const u of [0.25, 0.5, 0.75]) {
        const o = (frame * height + Math.floor(v * height)) * (1 + width * 3) + 1 + Math.floor(u * width) * 3;
        out.push(rows[o] ?? 0, rows[o + 1] ?? 0, rows[o + 2] ?? 0);
      }
    }
    return out;
  }
  /** The mean difference per channel of two point lists. */
  const distance = (a: number[], b: number[]): number => a.reduce((sum, v, i) => sum + Math.abs(v - (b[i] ?? 0)), 0) / a.length;

  it('serves the poster and previews cut from the sample its files play, in its shape', async () => {
    const portrait = server().library.videos.find((v) => v.height > v.width);
    const landscapes = server().library.videos.filter((v) => v.width > v.height);
    const videos = [portrait, landscapes.find((v) => v.id % 2 === 0), landscapes.find((v) => v.id % 2 === 1)];
    for (const video of videos) {
      assert.ok(video);
      const name = sampleName(video);
      const body = (await (await fetch(`${server().videoBaseUrl}/videos/${video.id}`, { headers: { Authorization: server().keys.alice } })).json()) as {
        image: string;
        video_pictures: { picture: string }[];
        video_files: { link: string; quality: string }[];
      };
      const file = Buffer.from(await (await fetch(body.video_files.find((f) => f.quality !== 'hls')?.link ?? '')).arrayBuffer());
      assert.ok(file.equals(readFileSync(samplePath(name))), `video ${video.id} plays ${name}`);
      const strip = readFileSync(samplePath(name.replace('.mp4', '.frames.png')));
      const portraitStrip = strip.readUInt32BE(20) / SAMPLE_FRAMES > strip.readUInt32BE(16);
      const poster = Buffer.from(await (await fetch(body.image)).arrayBuffer());
      assert.equal(poster.readUInt32BE(20) > poster.readUInt32BE(16), portraitStrip, 'the poster has the sample’s orientation');
      assert.ok(distance(points(poster), points(strip, 0, SAMPLE_FRAMES)) < 8, 'the poster is the first frame');
      const previews: number[][] = [];
      for (const [nr, picture] of body.video_pictures.entries()) {
        const seen = points(Buffer.from(await (await fetch(picture.picture)).arrayBuffer()));
        assert.ok(distance(seen, points(strip, nr + 1, SAMPLE_FRAMES)) < 8, `preview ${nr} is frame ${nr + 1}`);
        previews.push(seen);
      }
      assert.ok(distance(previews[0] ?? [], previews[5] ?? []) > 3, 'the previews show the video moving');
    }
  });
});

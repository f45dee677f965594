// Everything outside the API: image files (PNG), video files, HLS playlists and the small
// HTML pages that `url`, `photographer_url` and the video `url`s point at. No key needed,
// no quota used, like the real CDN and website.
import { readFileSync } from 'node:fs';
import { imageSize, renderPng, videoPictureSize } from './images';
import type { Library, LibraryVideo } from './library';
import { apiKeyPage, apiPage, homePage, photoPage, profilePage, simplePage, videoPage } from './pages';
import type { Page } from './pages';
import { videoFileUrl } from './urls';
import { sampleName, samplePath, videoFramePng } from './videoFrames';

export interface MediaAnswer {
  readonly status: number;
  readonly contentType: string;
  readonly body: Buffer;
  readonly cacheable?: boolean;
}

const TEXT = 'text/plain; charset=utf-8';
const HTML = 'text/html; charset=utf-8';

const notFound = (): MediaAnswer => ({ status: 404, contentType: TEXT, body: Buffer.from('Not Found') });

function page(p: Page): MediaAnswer {
  return { status: 200, contentType: HTML, body: Buffer.from(p.html) };
}

/**
 * Real, playable sample videos (H.264 baseline in MP4, 4 s, 24 fps, about 15 KB each; made
 * once with ffmpeg's `gradients` source, see samples/README.md), so a preview plays. Every
 * video file of the library is one of them (videoFrames.ts sampleName), and its pictures are
 * frames of that one. They do not have the file's advertised size; nothing checks that.
 */
const sampleCache = new Map<string, Buffer>();

function sampleVideo(video: LibraryVideo): Buffer {
  const name = sampleName(video);
  let bytes = sampleCache.get(name);
  if (!bytes) {
    bytes = readFileSync(samplePath(name));
    sampleCache.set(name, bytes);
  }
  return bytes;
}

function hlsPlaylist(origin: string, video: LibraryVideo): MediaAnswer {
  const file = video.files.find((f) => f.quality !== 'hls');
  const lines = ['#EXTM3U', '#EXT-X-VERSION:3', `#EXT-X-TARGETDURATION:${video.duration}`, '#EXT-X-PLAYLIST-TYPE:VOD'];
  if (file) lines.push(`#EXTINF:${video.duration}.0,`, videoFileUrl(origin, video, file));
  lines.push('#EXT-X-ENDLIST', '');
  return { status: 200, contentType: 'application/vnd.apple.mpegurl', body: Buffer.from(lines.join('\n')), cacheable: true };
}

function png(body: Buffer): MediaAnswer {
  return { status: 200, contentType: 'image/png', body, cacheable: true };
}

/**
 * The file or page at `path`. Files are at `/media/…`; pages at the root, or under
 * `pagePrefix` (`/library`) when the library is served under a path, and then nowhere else.
 */
export function answerMedia(library: Library, origin: string, path: string, query: URLSearchParams, pagePrefix = ''): MediaAnswer {
  let m: RegExpExecArray | null;
  if ((m = /^\/media\/photos\/(\d+)\/[^/]+\.png$/.exec(path))) {
    const photo = library.photoById.get(Number(m[1]));
    return photo ? png(renderPng(imageSize(photo, query), photo)) : notFound();
  }
  if ((m = /^\/media\/videos\/(\d+)\/(.+)$/.exec(path))) {
    const video = library.videoById.get(Number(m[1]));
    const rest = m[2] ?? '';
    if (!video) return notFound();
    let n: RegExpExecArray | null;
    if ((n = /^pictures\/preview-(\d+)\.png$/.exec(rest))) {
      const nr = Number(n[1]);
      return nr < video.pictureIds.length ? png(videoFramePng(video, nr + 1, imageSize(videoPictureSize(video), query))) : notFound();
    }
    if (/^[^/]+\.png$/.test(rest)) return png(videoFramePng(video, 0, imageSize(video, query)));
    if ((n = /^files\/(\d+)-[^/]*\.mp4$/.exec(rest))) {
      const file = video.files.find((f) => f.id === Number(n?.[1]) && f.quality !== 'hls');
      return file ? { status: 200, contentType: 'video/mp4', body: sampleVideo(video), cacheable: true } : notFound();
    }
    if ((n = /^hls\/(\d+)\.m3u8$/.exec(rest))) {
      const file = video.files.find((f) => f.id === Number(n?.[1]) && f.quality === 'hls');
      return file ? hlsPlaylist(origin, video) : notFound();
    }
    return notFound();
  }
  if (pagePrefix !== '' && path !== pagePrefix && !path.startsWith(`${pagePrefix}/`)) return notFound();
  const pages = `${origin}${pagePrefix}`;
  const pagePath = path.slice(pagePrefix.length) || '/';
  const place = { path: pagePath, prefixDepth: pagePrefix.split('/').length - 1 };
  if ((m = /^\/photo\/[^/]*?-?(\d+)\/?$/.exec(pagePath))) {
    const photo = library.photoById.get(Number(m[1]));
    return photo ? page(photoPage(place, origin, pages, photo)) : notFound();
  }
  if ((m = /^\/video\/[^/]*?-?(\d+)\/?$/.exec(pagePath))) {
    const video = library.videoById.get(Number(m[1]));
    return video ? page(videoPage(place, origin, pages, video)) : notFound();
  }
  if ((m = /^\/@([^/]+)\/?$/.exec(pagePath))) {
    const person = library.people.find((p) => p.slug === m?.[1]);
    return person ? page(profilePage(place, origin, pages, library, person)) : notFound();
  }
  if (pagePath === '/api/' || pagePath === '/api') return page(apiPage(place));
  if (pagePath === '/api/new/' || pagePath === '/api/new') return page(apiKeyPage(place, library));
  if (pagePath.startsWith('/search/videos/')) return page(simplePage(place, 'Video search'));
  if (pagePath === '/popular-videos/' || pagePath === '/popular-videos') return page(simplePage(place, 'Popular videos'));
  if (pagePath === '/') return page(homePage(place, library));
  return notFound();
}

// Small pictures for a model that sees images: the first few results' thumbnails as image
// parts of a tool's answer, where this VS Code has them (`LanguageModelDataPart`, newer than
// the 1.97 API this extension is built on, so looked for at run time). The thumbnails come
// from the service's image host as the grid's do (api/download.ts: no key, https or loopback
// only, bounded), cost no API request, and a failed one is left out: the text stands alone.
import * as vscode from 'vscode';
import { openDownload } from '../../api/download';
import type { MediaItem } from '../../core/model';
import type { Services } from '../services';

/** The most thumbnails one answer carries. */
export const THUMBNAILS_MAX = 6;
/** The most bytes of one thumbnail (the service's `tiny` is about 10 KB). */
const THUMBNAIL_BYTES_MAX = 200_000;
const IMAGE_TYPES = new Set(['image/jpeg', 'image/png', 'image/webp', 'image/gif']);

interface DataPartClass {
  image(data: Uint8Array, mimeType: string): unknown;
}

/** `vscode.LanguageModelDataPart`, when this VS Code has it. */
function dataPart(): DataPartClass | undefined {
  const found = (vscode as unknown as { LanguageModelDataPart?: Partial<DataPartClass> }).LanguageModelDataPart;
  return typeof found?.image === 'function' ? (found as DataPartClass) : undefined;
}

/** The small picture of a media: a photo's `tiny` (280×200), a video's first preview picture. */
function thumbnailOf(item: MediaItem): string | undefined {
  return item.kind === 'photo' ? item.photo.src.tiny : (item.video.video_pictures[0]?.picture ?? item.video.image);
}

async function download(services: Services, url: string, signal: AbortSignal): Promise<{ data: Uint8Array; type: string } | undefined> {
  try {
    const opened = await openDownload(url, {
      signal,
      idleTimeoutMs: services.config.timeoutMs,
      maxBytes: THUMBNAIL_BYTES_MAX,
      redirects: services.platform.downloadRedirects,
      browserFetch: services.platform.name === 'web',
    });
    const type = (opened.contentType ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
    if (!IMAGE_TYPES.has(type)) {
      await opened.cancel();
      return undefined;
    }
    const chunks: Uint8Array[] = [];
    const total = await opened.read((chunk) => {
      chunks.push(chunk);
    });
    const data = new Uint8Array(total);
    let at = 0;
    for (const chunk of chunks) {
      data.set(chunk, at);
      at += chunk.length;
    }
    return { data, type };
  } catch {
    return undefined;
  }
}

/** Image parts for the first THUMBNAILS_MAX media, where VS Code takes them; none elsewhere or when cancelled. */
export async function thumbnailParts(services: Services, media: readonly MediaItem[], token: vscode.CancellationToken): Promise<unknown[]> {
  const part = dataPart();
  if (!part || token.isCancellationRequested) return [];
  const controller = new AbortController();
  const listener = token.onCancellationRequested(() => controller.abort());
  try {
    const urls = media.slice(0, THUMBNAILS_MAX).map(thumbnailOf);
    const got = await Promise.all(urls.map((url) => (url ? download(services, url, controller.signal) : undefined)));
    if (token.isCancellationRequested) return [];
    return got.filter((g) => g !== undefined).map((g) => part.image(g.data, g.type));
  } finally {
    listener.dispose();
  }
}

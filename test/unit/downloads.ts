// The whole of a download in memory, for the download unit tests (the product streams it to a
// file or reads it in saveFiles.ts).
import { openDownload } from '../../src/api/download';
import type { DownloadOptions } from '../../src/api/download';
import { concatBytes } from '../../src/core/bytes';

export async function download(address: string, options: DownloadOptions): Promise<{ bytes: Uint8Array; contentType: string | null; url: string }> {
  const opened = await openDownload(address, options);
  const chunks: Uint8Array[] = [];
  const received = await opened.read((chunk) => void chunks.push(chunk));
  return { bytes: concatBytes(chunks, received), contentType: opened.contentType, url: opened.url };
}

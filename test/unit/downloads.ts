// For the download unit tests: the whole of a download in memory (the product streams it to a
// file or reads it in downloadIntoWorkspace.ts), and the local HTTP server the files come from.
import { createServer } from 'node:http';
import type { RequestListener } from 'node:http';
import type { AddressInfo } from 'node:net';
import { openDownload } from '../../src/api/download';
import type { DownloadOptions } from '../../src/api/download';
import { concatBytes } from '../../src/core/bytes';

export async function download(address: string, options: DownloadOptions): Promise<{ bytes: Uint8Array; contentType: string | null; url: string }> {
  const opened = await openDownload(address, options);
  const chunks: Uint8Array[] = [];
  const received = await opened.read((chunk) => void chunks.push(chunk));
  return { bytes: concatBytes(chunks, received), contentType: opened.contentType, url: opened.url };
}

/**
 * A local HTTP server answering with `handler` for a describe's tests: listening before them,
 * closed after them (open connections cut). The function gives its origin.
 */
export function useFileServer(handler: RequestListener): () => string {
  const server = createServer(handler);
  let origin = '';
  before(async () => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  after(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });
  return () => origin;
}

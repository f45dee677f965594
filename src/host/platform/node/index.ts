// The Node extension host (desktop, remote): local files through Node's `fs` (the media scan's
// reads among them), a large video streamed to disk, and each download redirect checked before
// it is followed.
import type { HostPlatform } from '../types';
import { realPathInRoot } from './onDisk';
import { saveStream } from './saveStream';
import { fileStamp, folderEntries, readSourceFile } from './sourceFiles';

export const platform: HostPlatform = {
  name: 'node',
  downloadRedirects: 'manual',
  maxDownloadBytes: 1024 * 1024 * 1024,
  // A long 4K video.
  disk: { maxStreamBytes: 4 * 1024 * 1024 * 1024, realPathInRoot, saveStream, fileStamp, readSourceFile, folderEntries },
};

// The Node extension host (desktop, remote): local files through Node's `fs`, a large
// video streamed to disk, and each download redirect checked before it is followed.
import { MAX_DOWNLOAD_BYTES, MAX_STREAM_BYTES } from '../../insert/download';
import type { HostPlatform } from '../types';
import { realPathInRoot } from './onDisk';
import { saveStream } from './saveStream';

export const platform: HostPlatform = {
  name: 'node',
  downloadRedirects: 'manual',
  maxDownloadBytes: MAX_DOWNLOAD_BYTES,
  disk: { maxStreamBytes: MAX_STREAM_BYTES, realPathInRoot, saveStream },
};

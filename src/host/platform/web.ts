// The web worker extension host (vscode.dev, github.dev, a Codespace in a browser tab): no
// Node, so every file goes through `workspace.fs` (even `file:` folders, which the browser
// reaches through its own provider), a download is held in memory up to a browser-sized
// limit before it is written, and redirects are followed by the browser's fetch, the
// address it ended at checked before the bytes are used. The default (platform/index.ts); the
// Node entry replaces it.
import type { HostPlatform } from './types';

export const platform: HostPlatform = {
  name: 'web',
  downloadRedirects: 'follow',
  // A browser tab's worker has less memory than the Node host.
  maxDownloadBytes: 256 * 1024 * 1024,
  disk: undefined,
};

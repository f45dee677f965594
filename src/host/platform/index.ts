// The host's platform, chosen at run time. Both hosts run the same bundle (dist/extension.js,
// package.json's `browser`); it starts with the web worker host's platform (./web.ts). The Node
// host's entry (src/node.ts, dist/node.js: package.json's `main`) holds platform/node/ and
// hands it over here before VS Code calls activate(). Import the platform only through this file.
import type { HostPlatform } from './types';
import { platform as webPlatform } from './web';

let current: HostPlatform = webPlatform;

/** Called once, by the Node entry, before activation. */
export function usePlatform(platform: HostPlatform): void {
  current = platform;
}

/** What this extension host can do. */
export function hostPlatform(): HostPlatform {
  return current;
}

export type { HostPlatform, LocalDisk, StreamSaved } from './types';

// The host's platform: the web worker host's (./web.ts) unless the Node host's entry (src/node.ts,
// package.json's `main`) hands over platform/node/ before VS Code calls activate(), so the web
// bundle holds no Node code. Import the platform only through this file.
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

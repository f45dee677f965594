// The host's platform: platform/node/ here; the web build resolves `./node` to ./web.ts
// instead (esbuild.mjs, `webPlatform`). Import the platform only through this file.
export { platform } from './node';
export type { HostPlatform, LocalDisk, StreamSaved } from './types';

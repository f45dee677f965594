// The host's platform: what the Node extension host can do that the web worker host cannot
// (./types.ts). Each entry hands its own to activateShared (src/extension.ts): the web worker
// host's bundle gives ./web.ts, the Node host's entry (src/node.ts) ./node/. The extension
// reads it from `Services` (services.platform). Import the platform's types through this file.
export { platform as webPlatform } from './web';
export type { FileStamp, FolderEntry, HostPlatform, LocalDisk, SourceRead, StreamSaved } from './types';

// The Node extension host's entry (package.json `main`, built as dist/node.js): the extension as
// the web worker host runs it (src/extension.ts, package.json `browser`), given what Node can do
// and the browser cannot (host/platform/node/: real paths checked on disk, large downloads
// streamed to disk, each redirect checked before it is followed) before VS Code calls activate().
import { usePlatform } from './host/platform';
import { platform } from './host/platform/node';

usePlatform(platform);

export { activate, deactivate } from './extension';

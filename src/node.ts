// The Node extension host's entry (package.json `main`, built as dist/node.js). The code is the
// bundle the web worker host runs (dist/extension.js, the `browser` entry); this file adds only
// what Node can do and the browser cannot (host/platform/node/: real paths checked on disk,
// large downloads streamed to disk, each redirect checked before it is followed). esbuild.mjs
// makes every other import here a look-up in that bundle, so no module is loaded twice.
import { usePlatform } from './host/platform';
import { platform } from './host/platform/node';

usePlatform(platform);

export { activate, deactivate } from './extension';

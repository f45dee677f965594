// The Node extension host's entry (package.json `main`, built as dist/node.js): the extension's one
// bundle (dist/extension.js, package.json `browser`, which the web worker host runs as it is),
// loaded at run time and given what Node can do and the browser cannot (host/platform/node/:
// real paths checked on disk, large downloads streamed to disk, each redirect checked before it
// is followed) as activate()'s platform. This file's bundle holds only that platform.
import { platform } from './host/platform/node';
import { useVsCodeTranslator } from './host/common/translator';

// Node's platform has messages of its own (core/l10n in this bundle): in the display language too.
useVsCodeTranslator();

// The bundle beside this one, required at run time (esbuild.mjs leaves `./extension.js` to Node).
// eslint-disable-next-line @typescript-eslint/no-require-imports
const extension = require('./extension.js') as typeof import('./extension');

export function activate(context: Parameters<typeof extension.activateShared>[0]): void {
  extension.activateShared(context, platform);
}

export const deactivate = extension.deactivate;

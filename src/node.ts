// The Node extension host's entry (package.json `main`, built as dist/node.js): the extension's
// activation (src/extension.ts `activateShared`) with what Node can do and the browser cannot
// (host/platform/node/: real paths checked on disk, large downloads streamed to disk, each
// redirect checked before it is followed) as its platform. This bundle holds what activation
// runs and nothing more: each module the extension evaluates on first use (a `require` or
// `import()` of a feature) is built here as a call of dist/extension.js's `firstUse` (the
// extension's one bundle, the web worker host's; see src/host/firstUse.ts and esbuild.mjs), so
// Node compiles the features' code only when one is first used.
import { activateShared } from './extension';
import { platform } from './host/platform/node';

export function activate(context: Parameters<typeof activateShared>[0]): void {
  activateShared(context, platform);
}

export { deactivate } from './extension';
// For the extension under test's Node entry (test/vscode/underTest.node.ts), which activates
// this bundle as `activate` does and keeps what it made.
export { activateShared, platform };

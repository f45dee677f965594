// The modules the extension evaluates on first use (the container's and the services' `require`s,
// the handlers' `import()`s), by their path under src/, for the Node host. Its entry (src/node.ts,
// dist/node.js) is what activation runs and nothing more, so that loading it compiles only
// that: esbuild.mjs builds each of those `require`s and `import()`s there as a call of
// `firstUse(path)` on dist/extension.js (the one bundle of the whole extension, the web worker
// host's), which Node then loads, on first use. The web worker host never calls this: its
// `require`s are the bundle's own.
//
// In the Node host a feature thus runs on dist/extension.js's copy of the modules it imports, and
// what activation made (the services, the container, the views) on dist/node.js's: the two meet
// only through objects handed over (nothing reads the other copy's module state; each copy of
// core/l10n is given VS Code's translator).
import { useVsCodeTranslator } from './common/translator';

// test/unit/bundles.test.ts checks that the Node entry asks for these and no other.
/* eslint-disable @typescript-eslint/no-require-imports -- each module is evaluated when first asked for */
const MODULES: Readonly<Record<string, () => unknown>> = {
  'core/cover/frontMatter': () => require('../core/cover/frontMatter'),
  'host/agent/creditTools': () => require('./agent/creditTools'),
  'host/agent/pickTool': () => require('./agent/pickTool'),
  'host/agent/searchTools': () => require('./agent/searchTools'),
  'host/agent/writeTools': () => require('./agent/writeTools'),
  'host/client/client': () => require('./client/client'),
  'host/collections/collectionsFeature': () => require('./collections/collectionsFeature'),
  'host/cover/setCover': () => require('./cover/setCover'),
  'host/credits/creditsFeature': () => require('./credits/creditsFeature'),
  'host/credits/writeCredits': () => require('./credits/writeCredits'),
  'host/grid/gridFeature': () => require('./grid/gridFeature'),
  'host/grid/searchCommands': () => require('./grid/searchCommands'),
  'host/insert/drop': () => require('./insert/drop'),
  'host/insert/inserter': () => require('./insert/inserter'),
  'host/insert/paste': () => require('./insert/paste'),
  'host/key/apiKey': () => require('./key/apiKey'),
  'host/library/mediaLists': () => require('./library/mediaLists'),
  'host/mediaArgs': () => require('./mediaArgs'),
  'host/workspaceMedia/workspaceFeature': () => require('./workspaceMedia/workspaceFeature'),
};
/* eslint-enable @typescript-eslint/no-require-imports */

let translated = false;

/** The module at `path` (under src/, without `.ts`), evaluated now if it was not yet. */
export function firstUse(path: string): unknown {
  const load = MODULES[path];
  if (!load) throw new Error(`${path} is not among the modules loaded on first use (src/host/firstUse.ts)`);
  if (!translated) {
    // This bundle's copy of core/l10n, when the Node entry's activation ran on its own copy.
    useVsCodeTranslator();
    translated = true;
  }
  return load();
}

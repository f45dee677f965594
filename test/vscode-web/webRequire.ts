// `node:module` in the web test bundle: `createRequire(…)` gives a require that knows the
// modules the checks load at run time in Node (test/vscode/hostileChecks.ts,
// test/unit/blockChecks.ts), here bundled instead.
import markdownIt from 'markdown-it';
import * as typescript from 'typescript';

const MODULES: Readonly<Record<string, unknown>> = { 'markdown-it': markdownIt, typescript };

export function createRequire(_from: string): (name: string) => unknown {
  return (name) => {
    if (!(name in MODULES)) throw new Error(`${name} is not bundled for the web worker extension host (test/vscode-web/webRequire.ts)`);
    return MODULES[name];
  };
}

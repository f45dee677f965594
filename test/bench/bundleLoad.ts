// How long loading the extension's bundle takes by itself (read, compile, run its top
// level), in a fresh Node process of the extension host's version, with `vscode` replaced
// by an inert stand-in. activate() gets the bundle already loaded, so this is the part of
// "bundle load + activate()" that is neither activate() nor VS Code's own set-up.
//
// Run as `<node24> out/bench/bundleLoad.js <bundle.js>`; prints {"ms": n}.
import Module from 'node:module';
import { basename } from 'node:path';

/** Anything: every property, call and construction gives another stand-in. */
function standIn(): unknown {
  const properties = new Map<PropertyKey, unknown>();
  const lookup = (name: PropertyKey): unknown => {
    if (name === Symbol.toPrimitive) return () => '';
    if (name === 'then') return undefined;
    if (!properties.has(name)) properties.set(name, standIn());
    return properties.get(name);
  };
  // esbuild's namespace import copies own keys and keeps the prototype: answer through both.
  const proto = new Proxy({}, { get: (_target, name) => lookup(name) });
  const target = function () {
    // Called or constructed: see the traps.
  };
  return new Proxy(target, {
    get: (t, name) => (name === 'prototype' ? t.prototype : lookup(name)),
    getPrototypeOf: () => proto,
    apply: () => standIn(),
    construct: () => ({}),
  });
}

type Loader = (request: string, parent: unknown, isMain: boolean) => unknown;

function measure(bundle: string): number {
  const loader = Module as unknown as { _load: Loader };
  const original = loader._load;
  const vscode = standIn();
  loader._load = (request, parent, isMain) => (request === 'vscode' ? vscode : original(request, parent, isMain));
  const started = performance.now();
  require(bundle);
  return performance.now() - started;
}

if (require.main === module && basename(__filename) === 'bundleLoad.js') {
  const bundle = process.argv[2];
  if (!bundle) {
    console.error('Usage: bundleLoad.js <bundle.js>');
    process.exit(2);
  }
  process.stdout.write(JSON.stringify({ ms: measure(bundle) }) + '\n');
}

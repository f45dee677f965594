// How long loading the extension's bundle takes by itself (read, compile, run its top
// level), in a fresh Node process of the extension host's version, with `vscode` replaced
// by an inert stand-in. activate() gets the bundle already loaded, so this is the part of
// "bundle load + activate()" that is neither activate() nor VS Code's own set-up.
//
// Run as `<node24> out/bench/bundleLoad.js <bundle.js>`; prints {"ms": n}.
import { readFileSync } from 'node:fs';
import Module from 'node:module';
import { basename, join } from 'node:path';

/**
 * The names `vscode` exports, from its type declarations: the bundle copies them from the
 * module once (esbuild.mjs), so the stand-in must list them as its own.
 */
function vscodeExportNames(): string[] {
  const declarations = readFileSync(join(__dirname, '..', '..', 'node_modules', '@types', 'vscode', 'index.d.ts'), 'utf8');
  const names = [...declarations.matchAll(/^\texport (?:class|namespace|enum|const|let|function) (\w+)/gm)].map((m) => m[1] ?? '');
  return [...new Set(names)].filter((name) => name !== '');
}

/** Anything: every property, call and construction gives another stand-in. */
function standIn(ownNames: readonly string[] = []): unknown {
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
    ownKeys: (t) => [...new Set([...Reflect.ownKeys(t), ...ownNames])],
    getOwnPropertyDescriptor: (t, name) =>
      Reflect.getOwnPropertyDescriptor(t, name) ?? (ownNames.includes(String(name)) ? { configurable: true, enumerable: true, value: lookup(name) } : undefined),
    getPrototypeOf: () => proto,
    apply: () => standIn(),
    construct: () => ({}),
  });
}

type Loader = (request: string, parent: unknown, isMain: boolean) => unknown;

function measure(bundle: string): number {
  const loader = Module as unknown as { _load: Loader };
  const original = loader._load;
  const vscode = standIn(vscodeExportNames());
  loader._load = (request, parent, isMain) => (request === 'vscode' ? vscode : original(request, parent, isMain));
  const started = performance.now();
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- the bundle is loaded as the extension host loads it: a CommonJS require
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

// What a Node module's import becomes in the web test bundle (esbuild.mjs maps `node:*` and
// the bare built-in names here): every function throws, saying which one the web worker
// extension host lacks. Only tests marked Node-only (test/vscode/hosts.ts) call them, so a
// throw from here in the web report means a test that should be marked, or code that is
// not web-safe yet.

/** A stand-in for `module`'s export `name` that throws when called. */
export function nodeOnly(module: string, name: string): (...args: unknown[]) => never {
  return () => {
    throw new Error(`${module} (${name}) is not available in the web worker extension host`);
  };
}

/** A stand-in for an object export (`promises` of node:fs): each of its members throws when called. */
export function nodeOnlyObject(module: string, name: string): Record<string, unknown> {
  return new Proxy({}, { get: (_target, member) => nodeOnly(module, `${name}.${String(member)}`) });
}

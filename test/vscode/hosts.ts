// The same suites run in two extension hosts: Node (`npm run test:vscode`) and the browser's
// web worker (`npm run test:vscode:web`, as on vscode.dev). A test about something only the
// Node host has (its require cache, node:http servers inside the test, folders outside the
// workspace, symbolic links) is declared with `describeInNode`/`itInNode` and a reason: it
// runs as usual in Node, and on the web it is listed as pending and printed with that reason
// in the report (test/vscode/index.ts).

/** True in the web worker extension host, which has no `process` (nor any Node module). */
export const IN_WEB_WORKER_HOST = typeof process === 'undefined';

/** Suites and tests the web run does not run, with why; read by the web entry's report. */
export const NOT_IN_WEB_HOST = new Map<Mocha.Suite | Mocha.Test, string>();

/** `describe`, except that the web worker host lists the suite as pending with `reason`. */
export function describeInNode(reason: string, title: string, fn: (this: Mocha.Suite) => void): Mocha.Suite | void {
  if (!IN_WEB_WORKER_HOST) return describe(title, fn);
  const suite = describe.skip(title, fn);
  if (suite) NOT_IN_WEB_HOST.set(suite, reason);
  return suite;
}

/** `it`, except that the web worker host lists the test as pending with `reason`. */
export function itInNode(reason: string, title: string, fn: (this: Mocha.Context) => void | PromiseLike<unknown>): Mocha.Test {
  if (!IN_WEB_WORKER_HOST) return it(title, fn);
  const test = it.skip(title, fn);
  NOT_IN_WEB_HOST.set(test, reason);
  return test;
}

// Why a test is Node-only; the web report prints these.
/** For tests that start a node:http server of their own inside the extension host. */
export const OWN_HTTP_SERVER = 'starts its own node:http server inside the extension host; a web worker cannot listen for connections';
/** For tests that make folders outside the workspace and symbolic links. */
export const OUTSIDE_FOLDERS_AND_LINKS =
  'makes a folder outside the workspace and symbolic links with node:fs; the web worker reaches only the workspace, through workspace.fs, which cannot make links';
/** For the activation suite. */
export const NODE_BUNDLES = 'checks the Node host’s require cache (its bundle, package.json main); the web host loads its own bundle (package.json browser) and has no require cache';

/**
 * Calls `onEscape` with every uncaught exception and unhandled rejection in this extension
 * host (Node: `process` events; the web worker: its `error` and `unhandledrejection`
 * events); returns the undo.
 */
export function catchEscapes(onEscape: (error: unknown) => void): () => void {
  if (!IN_WEB_WORKER_HOST) {
    process.on('uncaughtException', onEscape);
    process.on('unhandledRejection', onEscape);
    return () => {
      process.off('uncaughtException', onEscape);
      process.off('unhandledRejection', onEscape);
    };
  }
  const onError = (event: ErrorEvent): void => onEscape(event.error ?? event.message);
  const onRejection = (event: PromiseRejectionEvent): void => onEscape(event.reason);
  globalThis.addEventListener('error', onError);
  globalThis.addEventListener('unhandledrejection', onRejection);
  return () => {
    globalThis.removeEventListener('error', onError);
    globalThis.removeEventListener('unhandledrejection', onRejection);
  };
}

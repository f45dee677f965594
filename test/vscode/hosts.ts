// The same suites run in two extension hosts: Node (`npm run test:vscode`) and the browser's
// web worker (`npm run test:vscode:web`, as on vscode.dev). A test about something only the
// Node host has (its require cache, node:http servers inside the test, folders outside the
// workspace, symbolic links) is declared with `describeInNode`/`itInNode` and a reason: it
// runs as usual in Node, and on the web it is listed as pending and printed with that reason
// in the report (test/vscode-web/index.ts).

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
export function itInNode(reason: string, title: string, fn: Mocha.Func | Mocha.AsyncFunc): Mocha.Test {
  if (!IN_WEB_WORKER_HOST) return it(title, fn);
  const test = it.skip(title, fn);
  NOT_IN_WEB_HOST.set(test, reason);
  return test;
}

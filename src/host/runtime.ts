// Which kind of extension host runs the extension. The one place that asks: the rest gets the
// answer passed in (the client's `browserHost`), so no code elsewhere probes globals.

/**
 * Whether this is a browser's web worker extension host (vscode.dev, github.dev, the web
 * workbench), not Node: there is no `process` with a Node version. In the browser every
 * request to the service is cross-origin, so CORS decides which answer headers are readable.
 */
export function runsInBrowser(): boolean {
  const proc = (globalThis as { process?: { versions?: { node?: unknown } } }).process;
  return typeof proc?.versions?.node !== 'string';
}

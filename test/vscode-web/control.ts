// The web tests' line to the runner's control server (test/host/control.ts). Synchronous
// XMLHttpRequest, which the web worker allows: test code that reads a local server's log or
// flips its switches stays the same synchronous code as in the Node run.
import type { WebTestOptions } from '../host/testEnv';

let options: WebTestOptions | undefined;

export function useControl(value: WebTestOptions): void {
  options = value;
}

export function controlOptions(): WebTestOptions {
  if (!options) throw new Error('The web test entry has not read its options yet');
  return options;
}

/** POSTs `body` (text/plain: no preflight) and returns the answer's text; throws on a non-2xx answer. */
export function post(path: string, body = ''): string {
  const request = new XMLHttpRequest();
  request.open('POST', `${controlOptions().control}${path}`, false);
  request.setRequestHeader('Content-Type', 'text/plain;charset=UTF-8');
  request.send(body);
  if (request.status < 200 || request.status > 299) {
    let reason = request.responseText;
    try {
      reason = (JSON.parse(reason) as { error?: string }).error ?? reason;
    } catch {
      // Not JSON: the text as it is.
    }
    throw new Error(`Control server: ${path} answered ${request.status}: ${reason}`);
  }
  return request.responseText;
}

/** POSTs `value` as JSON and returns the answer's `value` field. */
export function call<T>(path: string, value?: unknown): T {
  const answer = JSON.parse(post(path, value === undefined ? '' : JSON.stringify(value))) as { value?: T };
  return answer.value as T;
}

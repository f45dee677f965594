// The local API server for a unit suite, as test/e2e/harness.ts's useApiServer is for the
// workbench files: started before a describe's tests, closed after them, and put back as it
// started (switches, quotas, request log) before each test; and the MediaError a call against
// it fails with.
import assert from 'node:assert/strict';
import { MediaError } from '../../src/core/errors';
import type { ApiServer, ApiServerOptions } from '../server/server';
import { startApiServer } from '../server/server';

/** Called in a describe's body; the returned function hands its tests and hooks the server. */
export function useApiServer(options: ApiServerOptions = {}): () => ApiServer {
  let server: ApiServer | undefined;
  before(async () => {
    server = await startApiServer(options);
  });
  after(async () => {
    await server?.close();
  });
  beforeEach(() => {
    server?.resetSwitches();
    server?.resetQuotas();
    server?.clearLog();
  });
  return () => {
    if (!server) throw new Error('useApiServer: the server is not started yet (use it in a test or hook)');
    return server;
  };
}

/** The MediaError `promise` rejects with; the test fails when it resolves or rejects with anything else. */
export async function failure(promise: Promise<unknown>): Promise<MediaError> {
  try {
    await promise;
  } catch (error) {
    assert.ok(error instanceof MediaError, `a MediaError, got ${String(error)}`);
    return error;
  }
  assert.fail('expected a failure');
}

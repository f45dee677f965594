// The local API server for a unit suite, as test/e2e/harness.ts's useApiServer is for the
// workbench files: started before a describe's tests, closed after them, and put back as it
// started (switches, quotas, request log) before each test.
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

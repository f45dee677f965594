// `startApiServer` for the web run (the bundle maps test/server/server here): the web worker
// has no node:http, so the runner's control server (test/host/control.ts) starts the local
// API server in Node, and this object stands for it with the same `ApiServer` interface.
// The library is built here from the same seed (test/server/library.ts is plain code); logs,
// switches and quotas go to the real server through synchronous requests, so a test's
// `server.log.length` or `server.setSwitches(…)` reads and acts as in the Node run.
import { DEFAULT_SEED, buildLibrary } from '../server/library';
import type { ApiServer, ApiServerOptions, RequestLogEntry } from '../server/server';
import { call } from './control';

export type { ApiServer, ApiServerOptions, QuotaOverride, RequestLogEntry, ServerSwitches } from '../server/server';

interface Started {
  readonly id: number;
  readonly origin: string;
  readonly baseUrl: string;
  readonly videoBaseUrl: string;
  readonly keys: ApiServer['keys'];
}

export async function startApiServer(opts: ApiServerOptions = {}): Promise<ApiServer> {
  if (opts.onRequest) throw new Error('onRequest cannot cross to the web worker host');
  const { id, origin, baseUrl, videoBaseUrl, keys } = call<Started | undefined>('/api/start', opts) ?? ({} as Partial<Started>);
  if (id === undefined || !origin || !baseUrl || !videoBaseUrl || !keys) throw new Error('The control server did not start an API server');
  const member = <T>(name: string, ...args: unknown[]): T => call<T>(`/api/${id}/${name}`, args);
  // The browser asks before each cross-origin request that carries a key (a CORS preflight,
  // OPTIONS, answered without touching the quota). That is the browser's protocol, not a
  // request of the extension's: the log the tests count holds what the extension asked for,
  // as in the Node host, where no preflight happens.
  const apiLog = (): RequestLogEntry[] => member<RequestLogEntry[]>('log').filter((e) => e.method !== 'OPTIONS');
  let library: ApiServer['library'] | undefined;
  let closing: Promise<void> | undefined;
  return {
    origin,
    baseUrl,
    videoBaseUrl,
    keys,
    // A fresh copy at each read, as a test reads the live array in the Node run.
    get log() {
      return apiLog();
    },
    get mediaLog() {
      return member<RequestLogEntry[]>('mediaLog');
    },
    get library() {
      library ??= buildLibrary(opts.seed ?? DEFAULT_SEED, opts.photoCount, opts.largeCollection === undefined ? {} : { largeCollection: opts.largeCollection });
      return library;
    },
    clearLog: () => member('clearLog'),
    apiRequestCount: (filter) => {
      const log = apiLog();
      return filter ? log.filter(filter).length : log.length;
    },
    setQuota: (key, q) => member('setQuota', key, q),
    resetQuotas: () => member('resetQuotas'),
    setSwitches: (s) => member('setSwitches', s),
    resetSwitches: () => member('resetSwitches'),
    close: () => (closing ??= Promise.resolve().then(() => member<void>('close'))),
  };
}

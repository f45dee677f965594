// The web run's link to this machine (`run.js --web`). Tests in the browser's web worker
// extension host have no file system, no environment and no node:http, so this small
// loopback server, in the runner's own process, does those things for them:
// - POST /report (text): appended to the report file the runner tails, like the Node run's
//   mocha entry does itself; POST /result (JSON TestResult): the final counts.
// - POST /api/start (JSON ApiServerOptions): starts a local API server (test/server) and
//   answers {value: its id, origin, URLs and keys}; POST /api/<id>/<member> (JSON arguments)
//   calls that member of it (its logs, switches, quotas, close) and answers {value} or {error}.
// Every answer allows any origin: the worker's pages come from the VS Code server's origin.
// Bodies are text/plain, so the browser sends them without a preflight.
import { appendFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { startApiServer } from '../server/server';
import type { ApiServer, ApiServerOptions } from '../server/server';

export interface ControlServer {
  /** `http://127.0.0.1:<port>`. */
  readonly url: string;
  /** Stops the control server and every API server it started. */
  close(): Promise<void>;
}

export interface ControlFiles {
  /** Where report text is appended. */
  readonly report: string;
  /** Where the result is written. */
  readonly result: string;
}

/** What a web test may call on a remote API server (see test/vscode-web/apiServer.ts). */
const MEMBERS = ['log', 'mediaLog', 'clearLog', 'setQuota', 'resetQuotas', 'setSwitches', 'resetSwitches', 'close'] as const;
type Member = (typeof MEMBERS)[number];

const CORS = {
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Allow-Methods': 'POST, OPTIONS',
  'Access-Control-Allow-Headers': 'Content-Type',
};

export async function startControlServer(files: ControlFiles): Promise<ControlServer> {
  const servers = new Map<number, ApiServer>();
  let nextId = 1;

  const reply = (res: ServerResponse, status: number, body: unknown): void => {
    const text = JSON.stringify(body);
    res.writeHead(status, { ...CORS, 'Content-Type': 'application/json; charset=utf-8', 'Content-Length': Buffer.byteLength(text) });
    res.end(text);
  };

  const call = async (server: ApiServer, member: Member, args: unknown[]): Promise<unknown> => {
    switch (member) {
      case 'log':
        return server.log;
      case 'mediaLog':
        return server.mediaLog;
      case 'clearLog':
        return server.clearLog();
      case 'setQuota':
        return server.setQuota(String(args[0]), args[1] as Parameters<ApiServer['setQuota']>[1]);
      case 'resetQuotas':
        return server.resetQuotas();
      case 'setSwitches':
        return server.setSwitches(args[0] as Parameters<ApiServer['setSwitches']>[0]);
      case 'resetSwitches':
        return server.resetSwitches();
      case 'close':
        await server.close();
        return undefined;
    }
  };

  const handle = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    if (req.method === 'OPTIONS') {
      res.writeHead(204, CORS);
      res.end();
      return;
    }
    if (req.method !== 'POST') return reply(res, 405, { error: 'POST only' });
    const body = await readBody(req);
    const path = new URL(req.url ?? '/', 'http://control').pathname;
    if (path === '/report') {
      appendFileSync(files.report, body);
      return reply(res, 200, {});
    }
    if (path === '/result') {
      writeFileSync(files.result, body.endsWith('\n') ? body : `${body}\n`);
      return reply(res, 200, {});
    }
    if (path === '/api/start') {
      const options = (body ? JSON.parse(body) : {}) as ApiServerOptions;
      const server = await startApiServer({ ...options, onRequest: undefined });
      const id = nextId++;
      servers.set(id, server);
      const { origin, baseUrl, videoBaseUrl, keys } = server;
      return reply(res, 200, { value: { id, origin, baseUrl, videoBaseUrl, keys } });
    }
    const match = /^\/api\/(\d+)\/(\w+)$/.exec(path);
    const server = match ? servers.get(Number(match[1])) : undefined;
    const member = match?.[2] as Member | undefined;
    if (!server || !member || !MEMBERS.includes(member)) return reply(res, 404, { error: `No such call: ${path}` });
    const args = (body ? JSON.parse(body) : []) as unknown[];
    const value = await call(server, member, args);
    if (member === 'close') servers.delete(Number(match?.[1]));
    return reply(res, 200, value === undefined ? {} : { value });
  };

  const http = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      if (!res.headersSent) reply(res, 500, { error: error instanceof Error ? error.message : String(error) });
    });
  });
  await new Promise<void>((resolve, reject) => {
    http.once('error', reject);
    http.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = http.address() as AddressInfo;
  let closing: Promise<void> | undefined;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      (closing ??= (async () => {
        await Promise.all([...servers.values()].map((s) => s.close().catch(() => undefined)));
        servers.clear();
        await new Promise<void>((resolve) => {
          http.close(() => resolve());
          http.closeAllConnections();
        });
      })()),
  };
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

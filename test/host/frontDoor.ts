// A small proxy in front of the VS Code server that adds the one route the web workbench
// needs and the bare VS Code server lacks: `POST <path>/mint-key`. The workbench keeps
// secrets (SecretStorage: the API key) in the browser's localStorage, encrypted with a key
// made of a part it keeps itself and a part it asks the server for there; code-server and
// `code serve-web` answer it, server-main.js answers 405, and then the workbench keeps secrets
// in memory only, so a reload loses the API key. Here the server part is 32 random bytes,
// the same for the life of this proxy (the profile is thrown away with it anyway).
// It also forwards the ports it is told to, the way code-server does: the workbench opens a
// link to this computer (`https://127.0.0.1:<port>/…`, the local library's pages: *Get a Free
// API Key*, *Open on the Service*, the credit links) as `<root>/proxy/<port>/…`
// (`proxyEndpointTemplate`), which the bare VS Code server answers "Not found."; here such a
// request goes to that port with the prefix taken off. Only the ports listed: the front door
// is no open proxy to everything on this computer.
// Everything else, WebSocket upgrades included, passes through unchanged.
import { randomBytes } from 'node:crypto';
import { createServer, request } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { IncomingMessage } from 'node:http';
import { connect } from 'node:net';
import type { AddressInfo, Socket } from 'node:net';

/** A port on this computer the front door forwards `/proxy/<port>/…` to. */
export interface ForwardedPort {
  readonly port: number;
  /** The server there speaks https, with this certificate (PEM) to trust; else http. */
  readonly httpsCa?: string;
}

export interface FrontDoor {
  readonly port: number;
  close(): Promise<void>;
}

/** The raw request head to send upstream for an upgrade (WebSocket). */
function head(req: IncomingMessage): string {
  const lines = [`${req.method ?? 'GET'} ${req.url ?? '/'} HTTP/${req.httpVersion}`];
  for (let i = 0; i < req.rawHeaders.length; i += 2) lines.push(`${req.rawHeaders[i]}: ${req.rawHeaders[i + 1]}`);
  return lines.join('\r\n') + '\r\n\r\n';
}

/** `/proxy/<port>/rest?query` (at any depth) → the port and `/rest?query`. */
function proxied(url: string): { port: number; path: string } | undefined {
  const m = /^(?:\/[^/?]*)*?\/proxy\/(\d{1,5})(\/[^]*)?$/.exec(url);
  if (!m) return undefined;
  const rest = m[2] ?? '/';
  return { port: Number(m[1]), path: rest.startsWith('/') ? rest : `/${rest}` };
}

export async function startFrontDoor(backendPort: number, host = '127.0.0.1', forward: readonly ForwardedPort[] = []): Promise<FrontDoor> {
  const serverKeyPart = randomBytes(32);
  const sockets = new Set<Socket>();
  const server = createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0] ?? '/';
    const target = proxied(req.url ?? '/');
    const forwarded = target && forward.find((f) => f.port === target.port);
    if (target && forwarded) {
      const options = { host, port: forwarded.port, method: req.method, path: target.path, headers: { ...req.headers, host: `${host}:${forwarded.port}` } };
      const onAnswer = (answer: IncomingMessage): void => {
        res.writeHead(answer.statusCode ?? 502, answer.rawHeaders);
        answer.pipe(res);
      };
      const upstream = forwarded.httpsCa ? httpsRequest({ ...options, ca: forwarded.httpsCa }, onAnswer) : request(options, onAnswer);
      upstream.on('error', () => {
        if (!res.headersSent) res.writeHead(502, { 'Content-Type': 'text/plain; charset=utf-8' });
        res.end(`Nothing answers at port ${forwarded.port}.`);
      });
      req.pipe(upstream);
      return;
    }
    if (path.endsWith('/mint-key')) {
      if (req.method !== 'POST') {
        res.writeHead(405, { Allow: 'POST' }).end();
        return;
      }
      req.resume();
      res.writeHead(200, { 'Content-Type': 'application/octet-stream', 'Cache-Control': 'no-store' }).end(serverKeyPart);
      return;
    }
    const upstream = request({ host, port: backendPort, method: req.method, path: req.url, headers: req.headers }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.rawHeaders);
      answer.pipe(res);
    });
    upstream.on('error', () => {
      if (!res.headersSent) res.writeHead(502);
      res.end();
    });
    req.pipe(upstream);
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
  });
  server.on('upgrade', (req: IncomingMessage, socket: Socket, first: Buffer) => {
    const upstream = connect(backendPort, host, () => {
      upstream.write(head(req));
      if (first.length > 0) upstream.write(first);
      socket.pipe(upstream).pipe(socket);
    });
    sockets.add(upstream);
    upstream.once('close', () => sockets.delete(upstream));
    const end = (): void => {
      socket.destroy();
      upstream.destroy();
    };
    upstream.on('error', end);
    socket.on('error', end);
    socket.once('close', () => upstream.destroy());
    upstream.once('close', () => socket.destroy());
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  return {
    port: (server.address() as AddressInfo).port,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

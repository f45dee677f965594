// A local https server for a few files of this repository: the stand-in for where a published
// repository serves its README's images (GitHub's raw files), because VS Code's extension
// page shows only https images. Its certificate is the local library's (test/server/tls.ts),
// trusted by the test browser through its SPKI fingerprint only (LaunchOptions.trustSpki).
import { readFileSync } from 'node:fs';
import { createServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { join, normalize, sep } from 'node:path';
import { localCertificate } from '../server/tls';

export interface HttpsFiles {
  /** `https://127.0.0.1:<port>`: the repository's root. */
  readonly url: string;
  /** The certificate's SHA-256 SPKI fingerprint (base64), for the browser to trust. */
  readonly spki: string;
  /** The paths asked for so far. */
  readonly requests: readonly string[];
  close(): Promise<void>;
}

const TYPES: Readonly<Record<string, string>> = { '.webp': 'image/webp', '.png': 'image/png', '.md': 'text/markdown; charset=utf-8' };

/** Serves `root`'s files below the `allowed` folders (and those files only) over https. */
export async function serveOverHttps(root: string, allowed: readonly string[]): Promise<HttpsFiles> {
  const { cert, key, spki } = localCertificate();
  const requests: string[] = [];
  const server = createServer({ cert, key }, (req, res) => {
    const path = decodeURIComponent(new URL(req.url ?? '/', 'https://x').pathname).replace(/^\/+/, '');
    requests.push(path);
    const file = normalize(join(root, path));
    const ok = allowed.some((a) => file.startsWith(join(root, a) + sep) || file === join(root, a));
    let body: Buffer | undefined;
    try {
      body = ok ? readFileSync(file) : undefined;
    } catch {
      body = undefined;
    }
    if (!body) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, { 'Content-Type': TYPES[file.slice(file.lastIndexOf('.'))] ?? 'application/octet-stream', 'Content-Length': body.length }).end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `https://127.0.0.1:${port}`,
    spki,
    requests,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

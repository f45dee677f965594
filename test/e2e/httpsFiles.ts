// A local https server for a few files of this repository: the stand-in for where a published
// repository serves its README's images (GitHub's raw files), because VS Code's extension
// page shows only https images. Its certificate is made on the spot (openssl) and trusted by
// the test browser through its SPKI fingerprint only (BrowserOptions.trustedSpki).
import { execFileSync } from 'node:child_process';
import { X509Certificate, createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join, normalize, sep } from 'node:path';

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
  const dir = mkdtempSync(join(tmpdir(), 'stock-media-tls-'));
  try {
    execFileSync('openssl', [
      'req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '1', '-subj', '/CN=127.0.0.1',
      '-addext', 'subjectAltName=IP:127.0.0.1', '-keyout', join(dir, 'key.pem'), '-out', join(dir, 'cert.pem'),
    ], { stdio: 'ignore' });
    const cert = readFileSync(join(dir, 'cert.pem'));
    const key = readFileSync(join(dir, 'key.pem'));
    const spki = createHash('sha256').update(new X509Certificate(cert).publicKey.export({ type: 'spki', format: 'der' })).digest('base64');
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
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

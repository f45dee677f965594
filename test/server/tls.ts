// A self-signed certificate for the local API server's https mode. The workbench only shows
// https (or data:) images in hovers and Markdown previews (its CSP: `img-src 'self' https:
// data: blob:`), so the demo and the picture e2e tests serve the library over https. Made once
// per process with openssl (Node can make keys but not certificates), kept in a temporary
// folder that goes away with the process. Who trusts it, and only it:
// - the VS Code server's Node extension host: NODE_EXTRA_CA_CERTS=<certFile>;
// - Chromium: --ignore-certificate-errors-spki-list=<spki> (its public key's SHA-256),
//   which skips the check for this one key only.
import { execFileSync } from 'node:child_process';
import { X509Certificate, createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface LocalCertificate {
  readonly key: string;
  readonly cert: string;
  /** The certificate as a PEM file, for NODE_EXTRA_CA_CERTS. */
  readonly certFile: string;
  /** Base64 SHA-256 of the public key (SPKI), for Chromium's --ignore-certificate-errors-spki-list. */
  readonly spki: string;
}

let made: LocalCertificate | undefined;

/** The certificate for 127.0.0.1, 127.0.0.2 (the tests' "other origin") and localhost. */
export function localCertificate(): LocalCertificate {
  if (made) return made;
  const dir = mkdtempSync(join(tmpdir(), 'stock-media-tls-'));
  process.once('exit', () => rmSync(dir, { recursive: true, force: true }));
  const keyFile = join(dir, 'key.pem');
  const certFile = join(dir, 'cert.pem');
  try {
    execFileSync(
      'openssl',
      [
        'req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes',
        '-keyout', keyFile, '-out', certFile, '-days', '30',
        '-subj', '/CN=Stock Media local library',
        '-addext', 'subjectAltName=IP:127.0.0.1,IP:127.0.0.2,DNS:localhost',
        '-addext', 'basicConstraints=critical,CA:TRUE',
        '-addext', 'keyUsage=critical,digitalSignature,keyCertSign',
        '-addext', 'extendedKeyUsage=serverAuth',
      ],
      { stdio: ['ignore', 'ignore', 'pipe'] },
    );
  } catch (error) {
    throw new Error(`Cannot make the local https certificate with openssl (apt-get install openssl): ${String(error)}`, { cause: error });
  }
  const cert = readFileSync(certFile, 'utf8');
  const spkiDer = new X509Certificate(cert).publicKey.export({ type: 'spki', format: 'der' });
  made = { key: readFileSync(keyFile, 'utf8'), cert, certFile, spki: createHash('sha256').update(spkiDer).digest('base64') };
  return made;
}

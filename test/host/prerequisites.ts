// Checks what the offline VS Code host needs from the machine before anything slow starts,
// and fails with one message that says what to install. Nothing is skipped silently.
import { accessSync, constants, existsSync } from 'node:fs';
import { delimiter, join } from 'node:path';

export interface Needs {
  /** Building code-server's native modules (only when the cache is cold). */
  readonly build: boolean;
  /** Launching Chromium for the workbench. */
  readonly browser: boolean;
}

const APT = 'apt-get update && apt-get install -y';

export function chromiumPath(): string {
  return process.env['CHROMIUM_PATH'] || '/usr/bin/chromium';
}

export function checkPrerequisites(needs: Needs): void {
  const missing: string[] = [];
  const packages = new Set<string>();
  if (needs.build) {
    for (const tool of ['npm', 'tar']) {
      if (!onPath(tool)) missing.push(`${tool} (not on PATH)`);
    }
    if (!onPath('c++') && !onPath('g++')) {
      missing.push('a C++ compiler (c++/g++)');
      packages.add('build-essential');
    }
    if (!onPath('make')) {
      missing.push('make');
      packages.add('build-essential');
    }
    if (!onPath('python3')) {
      missing.push('python3 (node-gyp)');
      packages.add('python3');
    }
    // code-server's `kerberos` module includes <gssapi/gssapi.h>.
    if (!['/usr/include/gssapi/gssapi.h', '/usr/include/gssapi.h'].some((p) => existsSync(p))) {
      missing.push('the Kerberos headers (gssapi/gssapi.h)');
      packages.add('libkrb5-dev');
    }
  }
  if (needs.browser && !isExecutable(chromiumPath())) {
    missing.push(`Chromium (${chromiumPath()}; set CHROMIUM_PATH to use another)`);
    packages.add('chromium');
  }
  // The local library's https certificate (test/server/tls.ts) is made with openssl.
  if (needs.browser && !onPath('openssl')) {
    missing.push('openssl (the local https certificate)');
    packages.add('openssl');
  }
  if (missing.length === 0) return;
  const install = packages.size > 0 ? `\nInstall with: ${APT} ${[...packages].sort().join(' ')}` : '';
  throw new Error(`The VS Code test host cannot run; missing: ${missing.join(', ')}.${install}`);
}

function onPath(command: string): boolean {
  return (process.env['PATH'] ?? '').split(delimiter).some((dir) => dir !== '' && isExecutable(join(dir, command)));
}

function isExecutable(path: string): boolean {
  try {
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

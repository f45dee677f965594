// Checks what the offline VS Code host needs from the machine before anything slow starts.
// What Debian or Ubuntu packages provide is installed with apt-get when this process may
// (root, or passwordless sudo); otherwise the run stops with the one command that installs it
// all. Nothing is skipped silently. The packages are the ones .ci/run installs. The site
// generators' own readers that the front matter tests run (Hugo; Ruby with kramdown, as
// Jekyll reads and renders a page) are checked here too, and by those tests themselves.
import { spawnSync } from 'node:child_process';
import { accessSync, constants, existsSync } from 'node:fs';
import { delimiter, join } from 'node:path';

export interface Needs {
  /** Building code-server's native modules (only when the cache is cold). */
  readonly build: boolean;
  /** Launching Chromium for the workbench. */
  readonly browser: boolean;
  /** The generators' readers for test/unit/coverGenerators.test.ts (prepare.js, the first step of a run). */
  readonly generators?: boolean;
}

interface Missing {
  /** What is missing, for the message. */
  readonly what: string;
  /** The Debian package that provides it, if there is one. */
  readonly apt?: string;
}

export function chromiumPath(): string {
  return process.env['CHROMIUM_PATH'] || '/usr/bin/chromium';
}

export function checkPrerequisites(needs: Needs): void {
  let missing = findMissing(needs);
  // Only when apt-get can provide all of it: otherwise one message names everything to do.
  const sudo = missing.length > 0 && missing.every((m) => m.apt) ? installer() : undefined;
  if (sudo !== undefined) {
    console.log(`[prerequisites] Missing: ${missing.map((m) => m.what).join(', ')}`);
    install(sudo, packagesFor(missing));
    missing = findMissing(needs);
  }
  if (missing.length === 0) return;
  const packages = packagesFor(missing);
  const command = packages.length > 0 ? `\nInstall with: ${installCommand(packages)}` : '';
  throw new Error(`The VS Code test host cannot run; missing: ${missing.map((m) => m.what).join(', ')}.${command}`);
}

function packagesFor(missing: readonly Missing[]): string[] {
  return [...new Set(missing.flatMap((m) => (m.apt ? [m.apt] : [])))].sort();
}

function findMissing(needs: Needs): Missing[] {
  const missing: Missing[] = [];
  if (needs.build) {
    for (const tool of ['npm', 'tar']) {
      if (!onPath(tool)) missing.push({ what: `${tool} (not on PATH)` });
    }
    if (!onPath('c++') && !onPath('g++')) missing.push({ what: 'a C++ compiler (c++/g++)', apt: 'build-essential' });
    if (!onPath('make')) missing.push({ what: 'make', apt: 'build-essential' });
    if (!onPath('python3')) missing.push({ what: 'python3 (node-gyp)', apt: 'python3' });
    // code-server's `kerberos` module includes <gssapi/gssapi.h>.
    if (!['/usr/include/gssapi/gssapi.h', '/usr/include/gssapi.h'].some((p) => existsSync(p))) {
      missing.push({ what: 'the Kerberos headers (gssapi/gssapi.h)', apt: 'libkrb5-dev' });
    }
    // npm fetches Node 24 and code-server over https.
    if (!existsSync('/etc/ssl/certs/ca-certificates.crt')) missing.push({ what: 'the CA certificates', apt: 'ca-certificates' });
  }
  if (needs.browser && !isExecutable(chromiumPath())) {
    // Another Chromium (CHROMIUM_PATH) is the user's to install.
    missing.push({ what: `Chromium (${chromiumPath()}; set CHROMIUM_PATH to use another)`, ...(process.env['CHROMIUM_PATH'] ? {} : { apt: 'chromium' }) });
  }
  // The local library's https certificate (test/server/tls.ts) is made with openssl.
  if (needs.browser && !onPath('openssl')) missing.push({ what: 'openssl (the local https certificate)', apt: 'openssl' });
  if (needs.generators) missing.push(...missingGenerators());
  return missing;
}

/** Jekyll's Markdown, kramdown, with its GFM input (Jekyll's default): each a Debian package. */
const RUBY_LIBRARIES: readonly (readonly [library: string, apt: string])[] = [
  ['kramdown', 'ruby-kramdown'],
  ['kramdown-parser-gfm', 'ruby-kramdown-parser-gfm'],
];

/** Hugo, Ruby (its YAML reader, Psych, is Jekyll's) and kramdown, or what of them is missing. */
function missingGenerators(): Missing[] {
  const missing: Missing[] = [];
  if (!onPath('hugo')) missing.push({ what: 'Hugo (hugo)', apt: 'hugo' });
  if (!onPath('ruby')) {
    missing.push({ what: 'Ruby (ruby)', apt: 'ruby' }, ...RUBY_LIBRARIES.map(([library, apt]) => ({ what: `Ruby's ${library}`, apt })));
    return missing;
  }
  // One Ruby prints the libraries it cannot load.
  const script = RUBY_LIBRARIES.map(([library]) => `begin; require "${library}"; rescue LoadError; puts "${library}"; end`).join('\n');
  const result = spawnSync('ruby', ['-e', script], { encoding: 'utf8' });
  const unloaded = result.status === 0 ? result.stdout.split('\n') : RUBY_LIBRARIES.map(([library]) => library);
  for (const [library, apt] of RUBY_LIBRARIES) if (unloaded.includes(library)) missing.push({ what: `Ruby's ${library}`, apt });
  return missing;
}

/** Why the front matter tests cannot read pages with the generators' own readers (what is missing, the command that installs it), or undefined. */
export function generatorsMissing(): string | undefined {
  const missing = missingGenerators();
  if (missing.length === 0) return undefined;
  return `The generator tests need Debian's ${packagesFor(missing).join(', ')}; missing: ${missing.map((m) => m.what).join(', ')}.\nInstall with: ${installCommand(packagesFor(missing))}`;
}

/** The command prefix that may run apt-get here: none as root, `sudo -n` with passwordless sudo. */
function installer(): string[] | undefined {
  if (process.platform !== 'linux' || !onPath('apt-get')) return undefined;
  if (process.getuid?.() === 0) return [];
  if (onPath('sudo') && spawnSync('sudo', ['-n', 'true'], { stdio: 'ignore' }).status === 0) return ['sudo', '-n'];
  return undefined;
}

function installCommand(packages: readonly string[]): string {
  const sudo = process.getuid?.() === 0 ? '' : 'sudo ';
  return `${sudo}apt-get update && ${sudo}apt-get install -y ${packages.join(' ')}`;
}

/** apt-get update and install, its output shown; waits for another apt-get (a parallel run) to finish. */
function install(sudo: readonly string[], packages: readonly string[]): void {
  console.log(`[prerequisites] Installing ${packages.join(' ')} with ${sudo.length > 0 ? 'sudo ' : ''}apt-get`);
  const aptGet = (...args: string[]): void => {
    const command = [...sudo, 'env', 'DEBIAN_FRONTEND=noninteractive', 'apt-get', '-o', 'DPkg::Lock::Timeout=300', ...args];
    const result = spawnSync(command[0] ?? 'env', command.slice(1), { stdio: ['ignore', 'inherit', 'inherit'] });
    if (result.status !== 0) {
      throw new Error(`[prerequisites] apt-get ${args[0]} failed (${result.error?.message ?? `exit ${result.status}`}); run: ${installCommand(packages)}`);
    }
  };
  aptGet('update', '-q');
  aptGet('install', '-y', '-q', '--no-install-recommends', ...packages);
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

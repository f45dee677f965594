// Starts the real VS Code server (from the prepared code-server) on a free loopback port
// in a fresh, throwaway profile, and stops it with everything it started.
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { createWriteStream, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import type { WriteStream } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { startFrontDoor } from './frontDoor';
import type { ForwardedPort } from './frontDoor';
import type { PreparedHost } from './prepare';

export interface ServerOptions {
  /** Extra command-line arguments for `server-main.js`. */
  readonly extraArgs?: readonly string[];
  /** A folder to open by default (`--default-folder`; also `workbenchUrl()`'s default). */
  readonly folder?: string;
  /** Extra environment for the server, which passes it on to the extension host. */
  readonly env?: Readonly<Record<string, string>>;
  /** Where the server's own output goes (appended); by default it is kept in memory only. */
  readonly logFile?: string;
  /** How long to wait for "Web UI available"; default 90 s. */
  readonly startTimeoutMs?: number;
  /** Called with each line the server prints (its log, and the extension host's output). */
  readonly onLine?: (line: string) => void;
  /**
   * The remote's machine settings (`<user-data-dir>/Machine/settings.json`), written before
   * the server starts: where a person sets machine-scoped settings such as the API base URLs,
   * which a folder's `.vscode/settings.json` cannot set.
   */
  readonly machineSettings?: Readonly<Record<string, unknown>>;
  /** The user's settings (`<user-data-dir>/User/settings.json`), written before the server starts. */
  readonly userSettings?: Readonly<Record<string, unknown>>;
  /**
   * Start with `--enable-smoke-test-driver` (default true): the tests need it, for the
   * `payload` (extensionDevelopmentPath, extensionTestsPath) and `window.driver`; but in that
   * mode the workbench shows no notifications at all. The demo turns it off.
   */
  readonly smokeTestDriver?: boolean;
  /**
   * Extension folders to install, as a person's installed extensions: each is linked into
   * the profile's extensions folder as `<publisher>.<name>-<version>` (from its package.json),
   * which the server scans at start. Without the smoke-test driver this is how the demo loads
   * the extension.
   */
  readonly extensions?: readonly string[];
  /**
   * Ports on this computer the front door forwards `<root>/proxy/<port>/…` to (frontDoor.ts):
   * where the workbench sends links to this computer, such as the local library's pages.
   */
  readonly forwardPorts?: readonly ForwardedPort[];
  /**
   * Leave workspace trust on (default off: `--disable-workspace-trust`, so every test workspace
   * opens trusted, with no prompt). On, the workbench treats the folder as a person's freshly
   * cloned one: it asks whether to trust its authors, or opens it in Restricted Mode, as the
   * user settings `security.workspace.trust.*` say. For the e2e test of Restricted Mode.
   */
  readonly workspaceTrust?: boolean;
}

/**
 * User settings that make the workbench run this extension in the browser's web worker
 * extension host (its `browser` entry), as vscode.dev and github.dev do, although this
 * server also offers a Node extension host: `remote.extensionKind` set to `web` for it.
 * (The `extensionDevelopmentKind` payload entry is not used for that by the web workbench.)
 */
export const WEB_WORKER_HOST_SETTINGS: Readonly<Record<string, unknown>> = {
  'remote.extensionKind': { 'stockmedia.stock-media': ['web'] },
};

/**
 * User settings for a workbench that shows only what the extension adds: no welcome page, and
 * no AI features, whose chat view otherwise opens the secondary side bar, empty here, as soon
 * as an editor opens. They must be user settings: `chat.disableAIFeatures` is not read from a
 * folder's settings, so there (where the test fixture had it) the empty side bar still came.
 */
export const QUIET_WORKBENCH_SETTINGS: Readonly<Record<string, unknown>> = {
  'workbench.startupEditor': 'none',
  'workbench.secondarySideBar.defaultVisibility': 'hidden',
  'chat.disableAIFeatures': true,
};

/**
 * User settings for the test workbenches (the VS Code suites and the e2e tests, not the demo):
 * work a person at this workbench would not miss, stopped because `npm test` runs three
 * workbenches at a time on two cores. No git scan of the workspace, no extension update checks, no
 * experiments or tips. (Not a cursor that does not blink: in the e2e tests a solid cursor stands
 * in front of the text a click aims at.)
 */
export const TEST_WORKBENCH_SETTINGS: Readonly<Record<string, unknown>> = {
  'git.enabled': false,
  'extensions.autoCheckUpdates': false,
  'extensions.autoUpdate': false,
  'workbench.enableExperiments': false,
  'workbench.tips.enabled': false,
  'npm.autoDetect': 'off',
};

/**
 * User settings under which the Node extension host's `fetch` trusts NODE_EXTRA_CA_CERTS (the
 * local library's https certificate, test/server/tls.ts): with `http.systemCertificates` on
 * (the default), VS Code's fetch patch passes its own CA list (Node's bundled roots and the
 * system's), which leaves NODE_EXTRA_CA_CERTS out.
 */
export const LOCAL_CERTIFICATE_SETTINGS: Readonly<Record<string, unknown>> = {
  'http.systemCertificates': false,
};

export interface VsCodeServer {
  readonly port: number;
  /** `http://127.0.0.1:<port>/`: the front door (frontDoor.ts) before the server. */
  readonly url: string;
  /**
   * `url` opening `folder` (absolute path on this machine; default: the `folder` option),
   * with an optional smoke-test payload (honoured only with the smoke-test driver).
   */
  workbenchUrl(folder?: string, payload?: ReadonlyArray<readonly [string, string]>): string;
  /** Turns an absolute local path into the `vscode-remote://` URI the workbench expects. */
  remoteUri(path: string): string;
  /** The last lines the server printed, for error messages. */
  outputTail(lines?: number): string;
  /** The remote's machine settings file (see ServerOptions.machineSettings); VS Code watches it. */
  readonly machineSettingsFile: string;
  /** Stops the server's whole process group and removes its temporary profile. */
  close(): Promise<void>;
}

const READY = /Web UI available at/;

export async function startServer(host: PreparedHost, options: ServerOptions = {}): Promise<VsCodeServer> {
  // Another process may take the port between the probe and the server's bind; try again then.
  for (let attempt = 1; ; attempt++) {
    const port = await freePort();
    try {
      return await startOnPort(host, port, options);
    } catch (error) {
      if (!(error instanceof PortInUse) || attempt >= 3) throw error;
    }
  }
}

class PortInUse extends Error {}

async function startOnPort(host: PreparedHost, port: number, options: ServerOptions): Promise<VsCodeServer> {
  const profile = mkdtempSync(join(tmpdir(), 'stock-media-vscode-'));
  const dirs = {
    server: join(profile, 'server-data'),
    user: join(profile, 'user-data'),
    extensions: join(profile, 'extensions'),
    // The server, the extension host and built-in extensions (git) leave IPC sockets in
    // the temp folder; keeping them in the profile means close() removes them too.
    tmp: join(profile, 'tmp'),
  };
  for (const dir of Object.values(dirs)) mkdirSync(dir);
  const machineSettingsFile = join(dirs.user, 'Machine', 'settings.json');
  if (options.machineSettings) {
    mkdirSync(dirname(machineSettingsFile));
    writeFileSync(machineSettingsFile, JSON.stringify(options.machineSettings, null, 2) + '\n');
  }
  if (options.userSettings) {
    const userSettingsFile = join(dirs.user, 'User', 'settings.json');
    mkdirSync(dirname(userSettingsFile));
    writeFileSync(userSettingsFile, JSON.stringify(options.userSettings, null, 2) + '\n');
  }

  for (const folder of options.extensions ?? []) {
    const manifest = JSON.parse(readFileSync(join(folder, 'package.json'), 'utf8')) as { publisher: string; name: string; version: string };
    symlinkSync(folder, join(dirs.extensions, `${manifest.publisher}.${manifest.name}-${manifest.version}`), 'dir');
  }

  const args = [
    host.serverMain,
    '--host', '127.0.0.1',
    '--port', String(port),
    '--without-connection-token',
    ...(options.smokeTestDriver === false ? [] : ['--enable-smoke-test-driver']),
    ...(options.workspaceTrust ? [] : ['--disable-workspace-trust']),
    '--accept-server-license-terms',
    '--server-data-dir', dirs.server,
    '--user-data-dir', dirs.user,
    '--extensions-dir', dirs.extensions,
    ...(options.folder ? ['--default-folder', options.folder] : []),
    ...(options.extraArgs ?? []),
  ];
  let log: WriteStream | undefined;
  if (options.logFile) {
    mkdirSync(dirname(options.logFile), { recursive: true });
    log = createWriteStream(options.logFile, { flags: 'a' });
    log.write(`\n$ ${host.node} ${args.join(' ')}\n`);
  }
  const env: NodeJS.ProcessEnv = { ...process.env, TMPDIR: dirs.tmp, ...options.env };
  // VS Code prefers XDG_RUNTIME_DIR over TMPDIR for its sockets.
  delete env['XDG_RUNTIME_DIR'];
  // Its own process group, so close() also ends the extension host and anything it started.
  const child = spawn(host.node, args, {
    cwd: profile,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  const output: string[] = [];
  // Chunks do not end at line ends; keep the unfinished line of each stream for the next.
  const partial = { stdout: '', stderr: '' };
  const onData = (stream: keyof typeof partial) => (chunk: Buffer): void => {
    const text = chunk.toString('utf8');
    log?.write(text);
    const pieces = (partial[stream] + text).split('\n');
    partial[stream] = pieces.pop() ?? '';
    const lines = pieces.filter((l) => l.length > 0);
    output.push(...lines);
    if (options.onLine) for (const line of lines) options.onLine(line);
    if (output.length > 400) output.splice(0, output.length - 400);
  };
  child.stdout?.on('data', onData('stdout'));
  child.stderr?.on('data', onData('stderr'));
  const outputTail = (lines = 30): string => output.slice(-lines).join('\n');

  let closed: Promise<void> | undefined;
  const close = (): Promise<void> => {
    closed ??= (async () => {
      await stopGroup(child);
      await new Promise<void>((resolve) => (log ? log.end(resolve) : resolve()));
      rmSync(profile, { recursive: true, force: true, maxRetries: 3 });
    })();
    return closed;
  };
  // A test run that exits without calling close() must not leave the server running, nor
  // its profile behind (only synchronous work is possible here).
  const onExit = (): void => {
    killGroupNow(child);
    rmSync(profile, { recursive: true, force: true });
  };
  process.once('exit', onExit);

  try {
    await waitForReady(child, output, options.startTimeoutMs ?? 90_000);
  } catch (error) {
    process.removeListener('exit', onExit);
    await close();
    throw error;
  }

  let door;
  try {
    door = await startFrontDoor(port, '127.0.0.1', options.forwardPorts ?? []);
  } catch (error) {
    process.removeListener('exit', onExit);
    await close();
    throw error;
  }
  const frontDoor = door;
  const url = `http://127.0.0.1:${frontDoor.port}/`;
  const remoteUri = (path: string): string => `vscode-remote://127.0.0.1:${frontDoor.port}${encodeURI(path)}`;
  return {
    port: frontDoor.port,
    url,
    remoteUri,
    outputTail,
    machineSettingsFile,
    workbenchUrl(folder = options.folder, payload) {
      const query = new URLSearchParams();
      if (folder) query.set('folder', folder);
      if (payload) query.set('payload', JSON.stringify(payload));
      return `${url}?${query.toString()}`;
    },
    async close() {
      process.removeListener('exit', onExit);
      await frontDoor.close();
      await close();
    },
  };
}

function waitForReady(child: ChildProcess, output: string[], timeoutMs: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const tail = (): string => output.slice(-30).join('\n');
    const timer = setTimeout(
      () => finish(new Error(`The VS Code server did not print "Web UI available" within ${timeoutMs / 1000} s. Its output:\n${tail()}`)),
      timeoutMs,
    );
    const onData = (chunk: Buffer): void => {
      if (READY.test(chunk.toString('utf8')) || output.some((l) => READY.test(l))) finish();
    };
    const onExit = (code: number | null, signal: NodeJS.Signals | null): void => {
      const text = tail();
      const message = `The VS Code server exited while starting (${signal ?? `code ${code}`}). Its output:\n${text}`;
      finish(/EADDRINUSE/.test(text) ? new PortInUse(message) : new Error(message));
    };
    const onError = (error: Error): void => finish(new Error(`Cannot start the VS Code server: ${error.message}`));
    const finish = (error?: Error): void => {
      clearTimeout(timer);
      child.stdout?.removeListener('data', onData);
      child.stderr?.removeListener('data', onData);
      child.removeListener('exit', onExit);
      child.removeListener('error', onError);
      if (error) reject(error);
      else resolve();
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.on('exit', onExit);
    child.on('error', onError);
  });
}

/** A port that was free a moment ago: the OS picks it when listening on port 0. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.unref();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => (port ? resolve(port) : reject(new Error('No free port'))));
    });
  });
}

/** SIGTERM to the whole group, SIGKILL if it is still there after a few seconds. */
async function stopGroup(child: ChildProcess): Promise<void> {
  const pid = child.pid;
  if (pid === undefined) return;
  const exited = child.exitCode !== null || child.signalCode !== null
    ? Promise.resolve()
    : new Promise<void>((resolve) => child.once('exit', () => resolve()));
  signalGroup(pid, 'SIGTERM');
  const inTime = await Promise.race([exited.then(() => true), delay(5000).then(() => false)]);
  // The leader may be gone while children (the extension host) linger: always sweep.
  signalGroup(pid, 'SIGKILL');
  if (!inTime) await Promise.race([exited, delay(2000)]);
}

/** SIGKILL to `child`'s whole process group (it was spawned `detached`), now. */
export function killGroupNow(child: ChildProcess): void {
  if (child.pid !== undefined) signalGroup(child.pid, 'SIGKILL');
}

function signalGroup(pid: number, signal: NodeJS.Signals): void {
  try {
    process.kill(-pid, signal);
  } catch {
    // The group is already gone.
  }
}


// The artefact the bench measures: the VSIX that `npm run package` makes (production,
// minified bundle), unpacked into a temporary folder. The VS Code runs load the extension
// from there, so they measure exactly what ships, and a rebuild of dist/ by someone else
// during the bench cannot change what is being measured. The Node host starts it through the
// extension under test's entry (test/vscode/underTest.node.ts), put beside the packaged bundle:
// the product's activation, timed from outside, with the hooks the bench's agent drives.
import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, realpathSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, normalize, sep } from 'node:path';
import { gzipSync, inflateRawSync } from 'node:zlib';
import { repoRoot } from '../host/workspace';

export interface PackagedExtension {
  /** The unpacked `extension/` folder of the VSIX (what VS Code loads). */
  readonly path: string;
  readonly vsixBytes: number;
  /** dist/extension.js inside the VSIX: the web worker host's bundle (package.json `browser`). */
  readonly webBundleBytes: number;
  /** The same, gzip-compressed (level 9), as a web server would send it. */
  readonly webBundleGzipBytes: number;
  /** dist/node.js inside the VSIX (package.json `main`, what activation loads) and the dist/extension.js it requires on first use: the Node host's code. */
  readonly nodeBundleBytes: number;
  /** The same, gzip-compressed (level 9). */
  readonly nodeBundleGzipBytes: number;
  /** dist/webview/*.js inside the VSIX (the grid's script, its codicons inlined). */
  readonly webviewScriptBytes: number;
  /** Codicon font and style sheet files in the VSIX (none since the grid inlines its icons). */
  readonly codiconFontBytes: number;
  readonly files: number;
  dispose(): void;
}

/** Runs the packaging script (production build + vsce) and unpacks its VSIX. */
export function packageExtension(log: (line: string) => void): PackagedExtension {
  const root = repoRoot();
  const { name, version } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { name: string; version: string };
  const script = join(root, 'out', 'scripts', 'package.js');
  const result = spawnSync(process.execPath, [script], { cwd: root, encoding: 'utf8', maxBuffer: 16 * 1024 * 1024 });
  if (result.status !== 0) {
    throw new Error(`Packaging failed (${script}, exit ${result.status ?? result.signal}):\n${result.stdout}\n${result.stderr}`);
  }
  const built = join(root, `${name}-${version}.vsix`);
  const parent = realpathSync(mkdtempSync(join(tmpdir(), 'stock-media-bench-ext-')));
  const vsix = join(parent, 'extension.vsix');
  copyFileSync(built, vsix);
  log(`[bench] Packaged ${built} (${kb(statSync(vsix).size)})`);
  const entries = unzip(readFileSync(vsix));
  let webBundle: Buffer | undefined;
  let nodeBundle: Buffer | undefined;
  let webviewScriptBytes = 0;
  let codiconFontBytes = 0;
  for (const entry of entries) {
    const target = normalize(join(parent, 'vsix', entry.name));
    if (!target.startsWith(join(parent, 'vsix') + sep)) throw new Error(`VSIX entry outside its folder: ${entry.name}`);
    mkdirSync(dirname(target), { recursive: true });
    writeFileSync(target, entry.data);
    if (entry.name === 'extension/dist/extension.js') webBundle = entry.data;
    if (entry.name === 'extension/dist/node.js') nodeBundle = entry.data;
    if (/^extension\/dist\/webview\/[^/]+\.js$/.test(entry.name)) webviewScriptBytes += entry.data.length;
    if (/(^|\/)codicon\.(ttf|woff2?|css)$/.test(entry.name)) codiconFontBytes += entry.data.length;
  }
  if (!webBundle) throw new Error('The VSIX has no extension/dist/extension.js');
  if (!nodeBundle) throw new Error('The VSIX has no extension/dist/node.js');
  const path = join(parent, 'vsix', 'extension');
  addTestEntry(root, path);
  return {
    path,
    vsixBytes: statSync(vsix).size,
    webBundleBytes: webBundle.length,
    webBundleGzipBytes: gzipSync(webBundle, { level: 9 }).length,
    nodeBundleBytes: nodeBundle.length + webBundle.length,
    nodeBundleGzipBytes: gzipSync(Buffer.concat([nodeBundle, webBundle]), { level: 9 }).length,
    webviewScriptBytes,
    codiconFontBytes,
    files: entries.length,
    dispose: () => rmSync(parent, { recursive: true, force: true, maxRetries: 3 }),
  };
}

/**
 * Makes the extension under test's Node entry (out/under-test/dist/underTest.js, built by
 * esbuild.mjs --tests) the unpacked extension's `main`: it requires the packaged dist/node.js
 * (which takes what is used first from the packaged dist/extension.js) and activates it with
 * Node's platform as its `activate` does, timing both, and registers the test hooks.
 */
function addTestEntry(root: string, extension: string): void {
  const entry = join(root, 'out', 'under-test', 'dist', 'underTest.js');
  if (!existsSync(entry)) throw new Error(`Not built: ${entry}. Run \`node esbuild.mjs --tests\` first (npm run bench does).`);
  copyFileSync(entry, join(extension, 'dist', 'underTest.js'));
  const manifest = join(extension, 'package.json');
  writeFileSync(manifest, JSON.stringify({ ...(JSON.parse(readFileSync(manifest, 'utf8')) as object), main: './dist/underTest.js' }, null, 2));
}

export function kb(bytes: number): string {
  return `${(bytes / 1024).toFixed(1)} KB`;
}

interface ZipEntry {
  readonly name: string;
  readonly data: Buffer;
  /** Its size in the ZIP file (compressed). */
  readonly storedBytes: number;
}

/** Reads a ZIP file's central directory and inflates every file in it (stored or deflated). */
export function unzip(zip: Buffer): ZipEntry[] {
  const EOCD = 0x06054b50;
  let eocd = -1;
  // The end record is in the last 22 bytes plus at most a 64 KB comment.
  for (let i = zip.length - 22; i >= Math.max(0, zip.length - 22 - 0xffff); i--) {
    if (zip.readUInt32LE(i) === EOCD) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) throw new Error('Not a ZIP file (no end of central directory)');
  const count = zip.readUInt16LE(eocd + 10);
  let offset = zip.readUInt32LE(eocd + 16);
  const entries: ZipEntry[] = [];
  for (let n = 0; n < count; n++) {
    if (zip.readUInt32LE(offset) !== 0x02014b50) throw new Error(`Bad central directory entry at ${offset}`);
    const method = zip.readUInt16LE(offset + 10);
    const compressedSize = zip.readUInt32LE(offset + 20);
    const size = zip.readUInt32LE(offset + 24);
    const nameLength = zip.readUInt16LE(offset + 28);
    const extraLength = zip.readUInt16LE(offset + 30);
    const commentLength = zip.readUInt16LE(offset + 32);
    const local = zip.readUInt32LE(offset + 42);
    const name = zip.toString('utf8', offset + 46, offset + 46 + nameLength);
    offset += 46 + nameLength + extraLength + commentLength;
    if (name.endsWith('/')) continue;
    if (zip.readUInt32LE(local) !== 0x04034b50) throw new Error(`Bad local header for ${name}`);
    const start = local + 30 + zip.readUInt16LE(local + 26) + zip.readUInt16LE(local + 28);
    const raw = zip.subarray(start, start + compressedSize);
    const data = method === 0 ? Buffer.from(raw) : method === 8 ? inflateRawSync(raw) : undefined;
    if (!data) throw new Error(`${name}: unsupported ZIP compression method ${method}`);
    if (data.length !== size) throw new Error(`${name}: expected ${size} bytes, got ${data.length}`);
    entries.push({ name, data, storedBytes: compressedSize });
  }
  return entries;
}

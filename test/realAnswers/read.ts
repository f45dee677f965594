// The service's real answers (../shared/real-responses beside the repository, when it is
// there) read the way the extension reads an answer: each file handed to the MediaClient as
// the body of the request its SOURCES.md names, so the client's envelope checks and the
// model's schemas decide, item by item. Shared by the unit test (test/unit/realAnswers.test.ts)
// and `npm run bench` (its "real answers read" row); no VS Code needed.
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { MediaClient } from '../../src/api/client';
import { toMediaError } from '../../src/core/errors';
import type { Envelope } from '../../src/core/model';
import { repoRoot } from '../host/workspace';

/** Where the shared answers are: `../shared/real-responses`, relative to the repository. */
export function realAnswersDir(): string {
  return join(repoRoot(), '..', 'shared', 'real-responses');
}

export function hasRealAnswers(dir = realAnswersDir()): boolean {
  return existsSync(join(dir, 'SOURCES.md'));
}

/** One row of SOURCES.md's table: the file, the endpoint it answered and its items. */
export interface RealAnswerSource {
  readonly file: string;
  readonly endpoint: string;
  readonly items: number;
}

/** SOURCES.md's table rows (`| file | endpoint | items | …`). */
export function readSources(dir = realAnswersDir()): RealAnswerSource[] {
  const out: RealAnswerSource[] = [];
  for (const line of readFileSync(join(dir, 'SOURCES.md'), 'utf8').split('\n')) {
    const cells = line.split('|').map((c) => c.trim());
    const [, file, endpoint, items] = cells;
    if (!file?.endsWith('.json') || !endpoint?.startsWith('GET ') || !/^\d+$/.test(items ?? '')) continue;
    out.push({ file, endpoint, items: Number(items) });
  }
  return out;
}

export interface RealAnswerFile extends ReadAnswer {
  readonly file: string;
  readonly endpoint: string;
}

export interface RealAnswersResult {
  readonly files: readonly RealAnswerFile[];
  readonly items: number;
  readonly read: number;
  /** What SOURCES.md says the files hold, for comparison. */
  readonly itemsPerSources: number;
  /** JSON files in the folder that SOURCES.md does not describe (read as nothing). */
  readonly undescribed: readonly string[];
}

const LIST_KEYS = ['photos', 'videos', 'collections', 'media'] as const;

function listLength(body: unknown): number {
  if (typeof body !== 'object' || body === null) return 0;
  for (const key of LIST_KEYS) {
    const list = (body as Record<string, unknown>)[key];
    if (Array.isArray(list)) return list.length;
  }
  return 0;
}

function idOf(body: unknown): string {
  const id = typeof body === 'object' && body !== null ? (body as { id?: unknown }).id : undefined;
  return typeof id === 'number' || typeof id === 'string' ? String(id) : '1';
}

/** The request the file answered, made through the client (its answer is the file). */
async function decode(client: MediaClient, endpoint: string, body: unknown): Promise<{ read: number; envelope?: Envelope }> {
  const list = (answer: Envelope & Partial<Record<(typeof LIST_KEYS)[number], unknown[]>>): { read: number; envelope: Envelope } => ({
    read: LIST_KEYS.reduce((n, key) => n + (answer[key]?.length ?? 0), 0),
    envelope: answer,
  });
  switch (endpoint) {
    case 'GET /v1/search':
      return list(await client.searchPhotos({ query: 'real answers' }));
    case 'GET /v1/curated':
      return list(await client.curatedPhotos());
    case 'GET /v1/photos/:id':
      await client.getPhoto(idOf(body));
      return { read: 1 };
    case 'GET /videos/search':
      return list(await client.searchVideos({ query: 'real answers' }));
    case 'GET /videos/popular':
      return list(await client.popularVideos());
    case 'GET /videos/videos/:id':
      await client.getVideo(idOf(body));
      return { read: 1 };
    case 'GET /v1/collections/featured':
      return list(await client.featuredCollections());
    case 'GET /v1/collections':
      return list(await client.myCollections());
    case 'GET /v1/collections/:id':
      return list(await client.collectionMedia(idOf(body)));
    default:
      throw new Error(`SOURCES.md names an endpoint this reader does not know: ${endpoint}`);
  }
}

export interface ReadAnswer {
  /** Items in the body: the result list's length, or 1 for a single photo or video. */
  readonly items: number;
  /** Items the decoders gave back. */
  readonly read: number;
  /** Why the whole answer was refused, or an item left out (its field path and reason). */
  readonly problems: readonly string[];
  /** The envelope as decoded (list answers only). */
  readonly envelope?: Envelope;
}

/**
 * Reads one answer `text` of `endpoint` (as SOURCES.md writes it: `GET /v1/curated`) through
 * a client of its own whose every request is answered with it.
 */
export async function readAnswer(endpoint: string, text: string): Promise<ReadAnswer> {
  const body: unknown = JSON.parse(text);
  const single = endpoint.endsWith('/:id') && !endpoint.startsWith('GET /v1/collections');
  const items = single ? 1 : listLength(body);
  const problems: string[] = [];
  const client = new MediaClient({
    baseUrl: 'https://api.example.test/v1/',
    videoBaseUrl: 'https://api.example.test/videos/',
    keyProvider: { getKey: () => Promise.resolve('real-answers-key') },
    fetch: () => Promise.resolve(new Response(text, { status: 200, headers: { 'content-type': 'application/json; charset=utf-8' } })),
    retryDelayMs: 1,
    logger: {
      trace: () => undefined,
      debug: () => undefined,
      info: () => undefined,
      warn: (line) => {
        // The client logs each item it left out; the count line is not a problem of its own.
        if (/: skipped /.test(line)) problems.push(line.replace(/^GET \S+: skipped /, ''));
      },
      error: (line) => problems.push(line),
    },
  });
  try {
    const { read, envelope } = await decode(client, endpoint, body);
    return { items, read, problems, ...(envelope ? { envelope } : {}) };
  } catch (error) {
    const failure = toMediaError(error);
    return { items, read: 0, problems: [...problems, `${failure.field ?? failure.kind}: ${failure.message}`] };
  }
}

async function readFile(dir: string, source: RealAnswerSource): Promise<RealAnswerFile> {
  const answer = await readAnswer(source.endpoint, readFileSync(join(dir, source.file), 'utf8'));
  return { file: source.file, endpoint: source.endpoint, ...answer };
}

/** Every item of every file SOURCES.md describes, through the client and the model. */
export async function readRealAnswers(dir = realAnswersDir()): Promise<RealAnswersResult> {
  const sources = readSources(dir);
  const files: RealAnswerFile[] = [];
  for (const source of sources) files.push(await readFile(dir, source));
  const described = new Set(sources.map((s) => s.file));
  const undescribed = readdirSync(dir).filter((name) => name.endsWith('.json') && !described.has(name));
  return {
    files,
    items: files.reduce((n, f) => n + f.items, 0),
    read: files.reduce((n, f) => n + f.read, 0),
    itemsPerSources: sources.reduce((n, s) => n + s.items, 0),
    undescribed,
  };
}

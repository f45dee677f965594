// The service's answers kept across restarts (one file in the extension's global storage),
// under the in-memory cache of the client: a media item or a page of results seen before
// costs no request after VS Code is reopened. The key itself is never in it: an entry is
// found by the key's tag and the full URL, exactly like the in-memory cache, so an answer
// got with one key is never found with another.
//
// The file is read whole at the first look-up (never at activation), written whole once no
// answer came for `writeDelayMs` (not on every answer; while answers keep coming, every five to
// ten delays), and capped (DEFAULT_MAX_BYTES). Each answer is kept as JSON in one byte a
// character (oneByteJson). A file that cannot be read, is corrupt or belongs to something else
// is ignored and replaced.
// Two windows open at once each write what they know; the last write wins, and what the
// other had stored is at worst one request again.
import type { Clock, Logger } from './logger';
import { silentLogger, systemClock } from './logger';
import { MediaError } from './errors';
import { integer, items, literal, object, parse, string, unknown } from './schema';

/** Where the store lives; the host gives it a file under globalStorageUri. */
export interface StoreFile {
  /** The file's bytes, or undefined when there is none yet. */
  read(): Promise<Uint8Array | undefined>;
  write(bytes: Uint8Array): Promise<void>;
  delete(): Promise<void>;
}

/**
 * 4 MB of answers: about 3,000 media items (≈1.3 kB each) or 35 full pages of 80 results.
 * The whole file is parsed once per window at the first look-up, which at this size stays
 * within a few tens of milliseconds in either host, and written whole when it changed.
 */
export const DEFAULT_MAX_BYTES = 4 * 1024 * 1024;
/** As many entries as the in-memory cache's cap times four. */
export const DEFAULT_MAX_ENTRIES = 2000;
/** Answers arriving together (a grid, a credits file) are written once, this long after the first. */
export const DEFAULT_WRITE_DELAY_MS = 2000;
/** While answers keep coming, what is known is still written at least this many write delays apart… */
const MAX_WAIT_DELAYS = 10;
/** …and at most this often: each write is the whole file (megabytes), not the answers that came. */
const MIN_SPACING_DELAYS = 5;
/** The longest an answer waits to be written with the default delay (a bench waits this long before a restart). */
export const DEFAULT_LONGEST_WRITE_WAIT_MS = MAX_WAIT_DELAYS * DEFAULT_WRITE_DELAY_MS;
/** An entry stored "in the future" by more than this (the clock went back) is not trusted. */
const CLOCK_SKEW_MS = 5 * 60_000;
const FORMAT = 'stock-media-answers';
const KEY_MAX = 4096;

const storeFile = object({
  format: literal(FORMAT),
  version: literal(1),
  // One unreadable entry is dropped, not the whole file.
  entries: items(object({ key: string(KEY_MAX), storedAt: integer(0), value: unknown })),
});

interface Entry {
  storedAt: number;
  /** The answer as JSON: frozen when stored, a fresh copy for every reader (see oneByteJson). */
  json: string;
}

/** A character JavaScript engines keep in two bytes: one in a string makes the whole string take two bytes a character. */
const TWO_BYTE = /[\u0100-\uffff]/;
const NON_ASCII = /[\u007f-\uffff]/g;

/**
 * `json` held in one byte a character: when it has a character above U+00FF, every non-ASCII
 * character is written as its `\uXXXX` escape (the same JSON: it parses to the same value) and
 * the text is made anew from its bytes (a string edited from a two-byte one stays two-byte in
 * V8). One photographer's name in another script would otherwise double a whole page kept here.
 */
export function oneByteJson(json: string): string {
  if (!TWO_BYTE.test(json)) return json;
  const ascii = json.replace(NON_ASCII, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
  return new TextDecoder().decode(new TextEncoder().encode(ascii));
}

export interface StoredAnswer {
  value: unknown;
  storedAt: number;
}

export interface AnswerStoreOptions {
  file: StoreFile;
  /** How long an answer is served after it was stored (the cacheTtlSeconds setting). */
  ttlMs: number;
  clock?: Clock;
  logger?: Logger;
  maxBytes?: number;
  maxEntries?: number;
  writeDelayMs?: number;
  /** What the write delay is timed by (the real time; tests set their own). `clock` dates the answers. */
  timerClock?: Clock;
}

export class AnswerStore {
  private readonly entries = new Map<string, Entry>();
  private bytes = 0;
  private loading: Promise<void> | undefined;
  /** Counts clears: a read that started before one must not bring its entries back. */
  private generation = 0;
  private dirty = false;
  private timer: ReturnType<typeof setTimeout> | undefined;
  /** When (timerClock) the first change not written yet and the latest change were made. */
  private firstChangeAt = 0;
  private lastChangeAt = 0;
  private lastWriteAt = Number.NEGATIVE_INFINITY;
  private writing: Promise<void> = Promise.resolve();
  private readonly clock: Clock;
  private readonly timerClock: Clock;
  private readonly logger: Logger;
  private readonly maxBytes: number;
  private readonly maxEntries: number;
  private readonly writeDelayMs: number;
  private ttlMs: number;

  constructor(private readonly options: AnswerStoreOptions) {
    this.clock = options.clock ?? systemClock;
    this.timerClock = options.timerClock ?? systemClock;
    this.logger = options.logger ?? silentLogger;
    this.maxBytes = options.maxBytes ?? DEFAULT_MAX_BYTES;
    this.maxEntries = options.maxEntries ?? DEFAULT_MAX_ENTRIES;
    this.writeDelayMs = options.writeDelayMs ?? DEFAULT_WRITE_DELAY_MS;
    this.ttlMs = options.ttlMs;
  }

  /** A new time to live applies to what is stored already (0: nothing is served or stored). */
  setTtl(ttlMs: number): void {
    this.ttlMs = ttlMs;
  }

  /** The answer stored under `key` less than the time to live ago, or undefined. */
  async get(key: string): Promise<StoredAnswer | undefined> {
    await this.load();
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (!this.fresh(entry)) {
      this.delete(key);
      return undefined;
    }
    // Most recently used last: the oldest-used entry is the one the cap drops.
    this.entries.delete(key);
    this.entries.set(key, entry);
    return { value: JSON.parse(entry.json) as unknown, storedAt: entry.storedAt };
  }

  /** Keeps `value` (plain JSON) under `key`, stored now. */
  set(key: string, value: unknown): void {
    if (this.ttlMs <= 0) return;
    let json: string;
    try {
      json = JSON.stringify(value);
    } catch {
      return;
    }
    if (json === undefined) return;
    json = oneByteJson(json);
    if (key.length > KEY_MAX || json.length > this.maxBytes) return;
    this.put(key, { storedAt: this.clock.now(), json });
    this.evict();
    this.changed();
  }

  /** Forgets everything, in memory and on disk; resolves when the file is gone. */
  clear(): Promise<void> {
    this.generation += 1;
    this.entries.clear();
    this.bytes = 0;
    this.loading = Promise.resolve();
    this.dirty = false;
    this.cancelTimer();
    return this.enqueue(async () => {
      try {
        await this.options.file.delete();
      } catch (error) {
        this.logger.warn(`The stored answers could not be deleted: ${String(error)}`);
      }
    });
  }

  /** Writes now what is not written yet; resolves when every write so far is done. */
  flush(): Promise<void> {
    this.cancelTimer();
    if (this.dirty) {
      this.dirty = false;
      this.lastWriteAt = this.timerClock.now();
      return this.enqueue(() => this.write());
    }
    return this.writing;
  }

  get size(): number {
    return this.entries.size;
  }

  /** The JSON size of the stored answers, which the cap bounds. */
  get storedBytes(): number {
    return this.bytes;
  }

  private load(): Promise<void> {
    this.loading ??= this.read(this.generation);
    return this.loading;
  }

  private async read(generation: number): Promise<void> {
    let bytes: Uint8Array | undefined;
    try {
      bytes = await this.options.file.read();
    } catch (error) {
      this.logger.warn(`The stored answers could not be read; starting without them: ${String(error)}`);
      return;
    }
    if (bytes === undefined || generation !== this.generation) return;
    let loaded: { key: string; storedAt: number; value: unknown }[];
    try {
      // Twice the cap: a file this large is not ours (or not as written), and is not parsed.
      if (bytes.byteLength > this.maxBytes * 2 + 1024 * 1024) throw new Error(`${bytes.byteLength} bytes`);
      loaded = parse(storeFile, JSON.parse(new TextDecoder().decode(bytes)) as unknown).entries;
    } catch (error) {
      const reason = error instanceof MediaError || error instanceof Error ? error.message : String(error);
      this.logger.warn(`The stored answers are unreadable and are replaced: ${reason}`);
      // Replaced by what this window stores (or by nothing).
      this.dirty = true;
      this.schedule();
      return;
    }
    // The file lists the oldest-used first; what was stored meanwhile (newer) stays.
    const newer = [...this.entries];
    this.entries.clear();
    this.bytes = 0;
    for (const { key, storedAt, value } of loaded) {
      const json = JSON.stringify(value);
      if (json !== undefined && this.fresh({ storedAt, json })) this.put(key, { storedAt, json: oneByteJson(json) });
    }
    for (const [key, entry] of newer) this.put(key, entry);
    this.evict();
  }

  private fresh(entry: Entry): boolean {
    const age = this.clock.now() - entry.storedAt;
    return this.ttlMs > 0 && age < this.ttlMs && age > -CLOCK_SKEW_MS;
  }

  private put(key: string, entry: Entry): void {
    const old = this.entries.get(key);
    if (old) this.bytes -= old.json.length + key.length;
    this.entries.delete(key);
    this.entries.set(key, entry);
    this.bytes += entry.json.length + key.length;
  }

  /** Forgets `key` (an answer that no longer passes the check, or stale, or evicted). */
  delete(key: string): void {
    const old = this.entries.get(key);
    if (!old) return;
    this.bytes -= old.json.length + key.length;
    this.entries.delete(key);
    this.changed();
  }

  private evict(): void {
    while (this.entries.size > this.maxEntries || this.bytes > this.maxBytes) {
      const oldest = this.entries.keys().next().value;
      if (oldest === undefined) break;
      this.delete(oldest);
    }
  }

  private changed(): void {
    const now = this.timerClock.now();
    if (!this.dirty) this.firstChangeAt = now;
    this.lastChangeAt = now;
    this.dirty = true;
    this.schedule();
  }

  /**
   * Writes once no answer came for the write delay and the last write is MIN_SPACING_DELAYS
   * delays ago: a browse of page after page writes the whole file every few pages and at its
   * end, not after each page; but nothing waits more than MAX_WAIT_DELAYS delays.
   */
  private schedule(delay = this.writeDelayMs): void {
    if (this.timer !== undefined) return;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      const now = this.timerClock.now();
      const quiet = this.writeDelayMs - (now - this.lastChangeAt);
      const spaced = MIN_SPACING_DELAYS * this.writeDelayMs - (now - this.lastWriteAt);
      const waitedLongest = MAX_WAIT_DELAYS * this.writeDelayMs - (now - this.firstChangeAt);
      const wait = Math.min(Math.max(quiet, spaced), waitedLongest);
      if (this.dirty && wait > 0) this.schedule(wait);
      else void this.flush();
    }, delay);
    // A write waiting for its delay does not keep a process alive on its own (Node's timers have
    // unref, a browser's do not): the extension host lives on, a test run ends when it is done.
    (this.timer as unknown as { unref?: () => void }).unref?.();
  }

  private cancelTimer(): void {
    if (this.timer === undefined) return;
    clearTimeout(this.timer);
    this.timer = undefined;
  }

  /** Writes run one after another, so an older file never overwrites a newer one. */
  private enqueue(task: () => Promise<void>): Promise<void> {
    this.writing = this.writing.then(task, task);
    return this.writing;
  }

  private async write(): Promise<void> {
    // Built from the frozen JSON of each entry, oldest-used first; what expired is left out.
    const parts: string[] = [];
    for (const [key, entry] of this.entries) {
      if (!this.fresh(entry)) continue;
      parts.push(`{"key":${JSON.stringify(key)},"storedAt":${entry.storedAt},"value":${entry.json}}`);
    }
    const text = `{"format":"${FORMAT}","version":1,"entries":[${parts.join(',')}]}`;
    try {
      await this.options.file.write(new TextEncoder().encode(text));
    } catch (error) {
      this.logger.warn(`The answers could not be stored: ${String(error)}`);
    }
  }
}

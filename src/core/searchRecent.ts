// Recent searches, most recent first, without duplicates (case and spacing ignored), at
// most MAX_RECENT: what the search QuickPick offers before the user types.

export const MAX_RECENT = 20;

export interface RecentSearch {
  query: string;
  kind: 'photos' | 'videos';
}

function sameQuery(a: string, b: string): boolean {
  return a.trim().replace(/\s+/g, ' ').toLowerCase() === b.trim().replace(/\s+/g, ' ').toLowerCase();
}

export function addRecent(list: readonly RecentSearch[], entry: RecentSearch, max = MAX_RECENT): RecentSearch[] {
  const query = entry.query.trim().replace(/\s+/g, ' ');
  if (query === '') return [...list];
  const rest = list.filter((r) => !(sameQuery(r.query, query) && r.kind === entry.kind));
  return [{ query, kind: entry.kind }, ...rest].slice(0, max);
}

export function removeRecent(list: readonly RecentSearch[], entry: RecentSearch): RecentSearch[] {
  return list.filter((r) => !(sameQuery(r.query, entry.query) && r.kind === entry.kind));
}

/** Checks a list read back from storage; anything malformed is dropped. */
export function reviveRecent(value: unknown): RecentSearch[] {
  if (!Array.isArray(value)) return [];
  const out: RecentSearch[] = [];
  for (const v of value) {
    if (typeof v !== 'object' || v === null) continue;
    const r = v as Record<string, unknown>;
    if (typeof r.query === 'string' && r.query.trim() !== '' && (r.kind === 'photos' || r.kind === 'videos')) {
      out.push({ query: r.query.slice(0, 500), kind: r.kind });
    }
  }
  return out.slice(0, MAX_RECENT);
}

/** The longest query taken from the editor's selection or a page's title (words beyond it are dropped). */
export const SEED_QUERY_MAX = 100;

/**
 * A query to start the search box with, from text the user selected (or a page's title): one
 * line of words, without the Markdown around them (heading marks, list bullets, emphasis,
 * link brackets and addresses, code ticks, HTML tags), cut at a word before SEED_QUERY_MAX
 * characters. Undefined when nothing readable is left.
 */
export function seedQuery(text: string): string | undefined {
  const words = text
    .slice(0, 4 * SEED_QUERY_MAX)
    .replace(/<[^>]*>/g, ' ')
    .replace(/\]\([^)]*\)/g, ' ')
    .replace(/https?:\/\/\S+/gi, ' ')
    .replace(/^\s{0,3}(?:#{1,6}|[-*+>]|\d+[.)])\s+/gm, ' ')
    .replace(/[*_`~[\]{}|\\]+/g, ' ')
    .replace(/\p{Cc}|\p{Cf}/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  if (!/[\p{L}\p{N}]/u.test(words)) return undefined;
  if (words.length <= SEED_QUERY_MAX) return words;
  const cut = words.slice(0, SEED_QUERY_MAX + 1);
  const space = cut.lastIndexOf(' ');
  return (space > 0 ? cut.slice(0, space) : cut.slice(0, SEED_QUERY_MAX)).trim();
}

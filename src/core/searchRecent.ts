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

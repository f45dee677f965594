// Paging parameters and the envelope of every list answer (spec 2.1, 4.1, 4.11).

export const DEFAULT_PER_PAGE = 15;
export const MAX_PER_PAGE = 80;

/**
 * Parameters repeated in next_page/prev_page when the request had them, in this order
 * after page and per_page.
 */
export const REPEATED_PARAMS = [
  'query', 'orientation', 'size', 'color', 'locale', 'type', 'sort',
  'min_width', 'min_height', 'min_duration', 'max_duration',
] as const;

export interface Paging {
  page: number;
  perPage: number;
}

function wholeNumber(value: string | null): number | null {
  if (value === null || !/^\s*\d+\s*$/.test(value)) return null;
  const n = Number(value);
  return Number.isSafeInteger(n) ? n : null;
}

/** page < 1 or not a number -> 1; per_page < 1 or not a number -> 15; per_page > 80 -> 80. */
export function parsePaging(query: URLSearchParams): Paging {
  const page = wholeNumber(query.get('page'));
  const perPage = wholeNumber(query.get('per_page'));
  return {
    page: page !== null && page >= 1 ? page : 1,
    perPage: perPage !== null && perPage >= 1 ? Math.min(perPage, MAX_PER_PAGE) : DEFAULT_PER_PAGE,
  };
}

export interface Envelope<T> {
  items: T[];
  page: number;
  per_page: number;
  total_results: number;
  prev_page?: string;
  next_page?: string;
}

/**
 * One page of `all`. Links are absolute (on `linkOrigin` + `path`) and repeat the paging
 * and search parameters. A page past the end has prev_page pointing at the last real page.
 */
export function pageOf<T>(all: readonly T[], paging: Paging, linkOrigin: string, path: string, query: URLSearchParams): Envelope<T> {
  const { page, perPage } = paging;
  const total = all.length;
  const lastPage = Math.ceil(total / perPage);
  const link = (target: number): string => {
    const params = new URLSearchParams({ page: String(target), per_page: String(perPage) });
    for (const name of REPEATED_PARAMS) {
      const value = query.get(name);
      if (value !== null && value !== '') params.set(name, value);
    }
    return `${linkOrigin}${path}?${params.toString()}`;
  };
  const envelope: Envelope<T> = {
    items: all.slice((page - 1) * perPage, page * perPage),
    page,
    per_page: perPage,
    total_results: total,
  };
  if (page > 1 && lastPage >= 1) envelope.prev_page = link(Math.min(page - 1, lastPage));
  if (page < lastPage) envelope.next_page = link(page + 1);
  return envelope;
}

// Which page a `next_page`/`prev_page` link asks for. Only its page number is used: the
// request is always built from the configured base and the search's own parameters, so the
// key never travels to a host the user did not configure and no parameter the service
// slipped into the link is sent.
import type { Logger } from '../core/logger';
import { tryParseUrl, withTrailingSlash } from '../core/urls';

/** The page `link` names, or `fallbackPage` when it names none; a link to another origin than `baseUrl`'s is logged. */
export function pageOfLink(link: string, fallbackPage: number, baseUrl: string, logger: Logger): number {
  const base = tryParseUrl(withTrailingSlash(baseUrl));
  const url = tryParseUrl(link);
  const fromLink = Number(url?.searchParams.get('page'));
  const page = Number.isInteger(fromLink) && fromLink >= 1 ? fromLink : fallbackPage;
  if (!url || !base || url.origin !== base.origin) {
    logger.warn(`The service's page link points elsewhere (${url ? url.origin : 'unparsable'}); building page ${page} from the configured base instead.`);
  }
  return page;
}

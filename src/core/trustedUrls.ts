// Where the configured service lives, read from its machine-scoped settings: the API bases
// (the only places the key is sent), their origins (what a key checked now is bound to), and
// the hosts whose links are taken for the service's own pages and files.
import { originsOf } from './keyBinding';

export interface ServiceSettings {
  readonly serviceUrl: string;
  readonly apiBaseUrl: string;
  readonly videoBaseUrl: string;
}

export interface TrustedUrls {
  /** The API bases, in the shape the client takes them. */
  readonly api: { readonly baseUrl: string; readonly videoBaseUrl: string };
  /** The origins of the API bases, the photo API first, without repeats. */
  readonly keyOrigins: string[];
  /** The service's home page and the API bases: a media URL on one of their hosts is the service's. */
  readonly mediaHosts: readonly string[];
}

export function trustedUrls(config: ServiceSettings): TrustedUrls {
  const { serviceUrl, apiBaseUrl, videoBaseUrl } = config;
  return {
    api: { baseUrl: apiBaseUrl, videoBaseUrl },
    keyOrigins: originsOf(apiBaseUrl, videoBaseUrl),
    mediaHosts: [serviceUrl, apiBaseUrl, videoBaseUrl],
  };
}

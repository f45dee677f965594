// The service's built-in defaults. They live in core so that reading the settings (host/config.ts)
// does not pull the HTTP client and its dependencies into the activation bundle.

export const DEFAULT_BASE_URL = 'https://api.pexels.com/v1';
export const DEFAULT_VIDEO_BASE_URL = 'https://api.pexels.com/videos';
export const DEFAULT_CACHE_TTL_MS = 5 * 60_000;
export const DEFAULT_TIMEOUT_MS = 15_000;

// Small interfaces through which the host hands VS Code services to core and api.

export interface Logger {
  trace(message: string): void;
  debug(message: string): void;
  info(message: string): void;
  warn(message: string): void;
  error(message: string): void;
}

export const silentLogger: Logger = {
  trace: () => undefined,
  debug: () => undefined,
  info: () => undefined,
  warn: () => undefined,
  error: () => undefined,
};

export interface Clock {
  now(): number;
}

export const systemClock: Clock = { now: () => Date.now() };

/**
 * Supplies the API key for a request to `origin` (scheme://host[:port]); undefined when none
 * is set. A provider may refuse an origin the key is not meant for by throwing a MediaError.
 */
export interface KeyProvider {
  getKey(origin: string): Promise<string | undefined>;
}

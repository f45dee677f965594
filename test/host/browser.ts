// Launches Debian's Chromium through playwright-core (Playwright's own browser downloads
// are not reachable from here) with the switches that keep it off the network.
import { chromium } from 'playwright-core';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { checkPrerequisites, chromiumPath } from './prerequisites';

export const CHROMIUM_ARGS: readonly string[] = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

/** The workbench lays out for a real window; too small a one hides parts of it. */
export const VIEWPORT = { width: 1400, height: 900 } as const;

export interface BrowserSession {
  readonly browser: Browser;
  readonly context: BrowserContext;
  readonly page: Page;
  close(): Promise<void>;
}

export interface LaunchOptions {
  /**
   * Public-key hashes (base64 SHA-256 of the SPKI) of certificates to accept although no CA
   * vouches for them: the local API server's in https mode (test/server/tls.ts). Playwright
   * gives Chromium a --user-data-dir, which this switch needs.
   */
  readonly trustSpki?: readonly string[];
}

export async function launchBrowser(options: LaunchOptions = {}): Promise<BrowserSession> {
  checkPrerequisites({ build: false, browser: true });
  const trust = options.trustSpki?.length ? [`--ignore-certificate-errors-spki-list=${options.trustSpki.join(',')}`] : [];
  const browser = await chromium.launch({
    executablePath: chromiumPath(),
    headless: true,
    args: [...CHROMIUM_ARGS, ...trust],
    timeout: 60_000,
  });
  try {
    const context = await browser.newContext({ viewport: VIEWPORT });
    const page = await context.newPage();
    let closed: Promise<void> | undefined;
    return {
      browser,
      context,
      page,
      close: () => (closed ??= browser.close().catch(() => undefined)),
    };
  } catch (error) {
    await browser.close().catch(() => undefined);
    throw error;
  }
}

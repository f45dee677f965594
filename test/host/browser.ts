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

export interface BrowserOptions {
  /**
   * Certificates (SHA-256 SPKI fingerprints, base64) the browser accepts though no authority
   * signed them: a local https server's self-signed one (Chromium's
   * --ignore-certificate-errors-spki-list; everything else is checked as usual).
   */
  readonly trustedSpki?: readonly string[];
}

export async function launchBrowser(options: BrowserOptions = {}): Promise<BrowserSession> {
  checkPrerequisites({ build: false, browser: true });
  const browser = await chromium.launch({
    executablePath: chromiumPath(),
    headless: true,
    args: [...CHROMIUM_ARGS, ...(options.trustedSpki?.length ? [`--ignore-certificate-errors-spki-list=${options.trustedSpki.join(',')}`] : [])],
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

import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { inject } from 'vitest';

export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

/** This worker's app (global-setup.ts starts one per worker; VITEST_POOL_ID counts workers from 1). */
export const baseURL = () => {
  const urls = inject('baseURLs');
  const worker = Number(process.env.VITEST_POOL_ID) || 1;
  return urls[(worker - 1) % urls.length] as string;
};

/**
 * One Chromium per worker, launched at its first journey; each openBrowser is a new context of it,
 * with cookies, storage and cache of its own as a fresh profile has. A context costs a fraction of
 * a new Chromium process (about 0.7 s against 1.7 s to launch and close one on a busy machine),
 * and the journeys open about a hundred.
 */
let shared: Promise<Browser> | undefined;
function sharedBrowser(): Promise<Browser> {
  shared ??= chromium.launch({
    executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    args: CHROMIUM_ARGS,
    headless: true,
  });
  return shared.then((browser): Promise<Browser> | Browser => {
    if (browser.isConnected()) return browser;
    // Chromium went away (a crash): the next journeys get a new one.
    shared = undefined;
    return sharedBrowser();
  });
}

const contexts: BrowserContext[] = [];

/** A fresh browser context (its own cookies and storage) in Debian's Chromium; closed after the file (closeBrowsers). */
export async function openBrowser(
  viewport = { width: 1280, height: 900 },
  /** The app to open; the shared one unless a journey started its own. */
  url: string = baseURL(),
  /** The browser's language (navigator.languages and Accept-Language); Chromium's default, en-US, unless given. */
  locale?: string,
): Promise<{ context: BrowserContext; page: Page }> {
  const browser = await sharedBrowser();
  const context = await browser.newContext({
    viewport,
    baseURL: url,
    ...(locale ? { locale } : {}),
  });
  contexts.push(context);
  const page = await context.newPage();
  return { context, page };
}

/** Closes every browser context the file opened (per-file.ts, after each file). */
export async function closeBrowsers(): Promise<void> {
  for (const context of contexts.splice(0)) await context.close();
}

export function uniqueEmail(prefix = 'e2e') {
  return `${prefix}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 7)}@example.com`;
}

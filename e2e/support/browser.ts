import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type BrowserContext, chromium, type Page } from 'playwright-core';
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

const contexts: Array<{ context: BrowserContext; dir: string }> = [];

/** A fresh browser profile (its own cookies) in Debian's Chromium; closed after the file (closeBrowsers). */
export async function openBrowser(
  viewport = { width: 1280, height: 900 },
  /** The app to open; the shared one unless a journey started its own. */
  url: string = baseURL(),
  /** The browser's language (navigator.languages and Accept-Language); Chromium's default, en-US, unless given. */
  locale?: string,
): Promise<{ context: BrowserContext; page: Page }> {
  const dir = mkdtempSync(join(tmpdir(), 'threadswap-chromium-'));
  const context = await chromium.launchPersistentContext(dir, {
    executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    args: CHROMIUM_ARGS,
    headless: true,
    viewport,
    baseURL: url,
    ...(locale ? { locale } : {}),
  });
  contexts.push({ context, dir });
  const page = context.pages()[0] ?? (await context.newPage());
  return { context, page };
}

/** Closes every browser the file opened and removes its profile (per-file.ts, after each file). */
export async function closeBrowsers(): Promise<void> {
  for (const { context, dir } of contexts.splice(0)) {
    await context.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

export function uniqueEmail(prefix = 'e2e') {
  return `${prefix}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 7)}@example.com`;
}

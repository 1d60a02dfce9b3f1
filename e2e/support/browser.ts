import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type BrowserContext, chromium, type Page } from 'playwright-core';
import { afterAll, inject } from 'vitest';

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

export const baseURL = () => inject('baseURL');

const contexts: Array<{ context: BrowserContext; dir: string }> = [];

/** A fresh browser profile (its own cookies) in Debian's Chromium; closed after the file. */
export async function openBrowser(
  viewport = { width: 1280, height: 900 },
  /** The app to open; the shared one unless a journey started its own. */
  url: string = baseURL(),
  /** `locale` sets navigator.language and Accept-Language (e.g. 'fr-FR'); Chromium's default otherwise. */
  options: { locale?: string } = {},
): Promise<{ context: BrowserContext; page: Page }> {
  const dir = mkdtempSync(join(tmpdir(), 'threadswap-chromium-'));
  const context = await chromium.launchPersistentContext(dir, {
    executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    args: CHROMIUM_ARGS,
    headless: true,
    viewport,
    baseURL: url,
    ...(options.locale ? { locale: options.locale } : {}),
  });
  contexts.push({ context, dir });
  const page = context.pages()[0] ?? (await context.newPage());
  return { context, page };
}

afterAll(async () => {
  for (const { context, dir } of contexts.splice(0)) {
    await context.close();
    rmSync(dir, { recursive: true, force: true });
  }
});

export function uniqueEmail(prefix = 'e2e') {
  return `${prefix}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 7)}@example.com`;
}

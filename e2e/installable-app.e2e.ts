import { describe, expect, it } from 'vitest';
import { openBrowser } from './support/browser';
import {
  eventually,
  expectToastFrom,
  listItemViaApi,
  registerMember,
  shown,
  textOf,
  uniqueWord,
  watchToasts,
} from './support/journeys';

/**
 * The app installs and survives a lost connection: a manifest with icons, a service worker that
 * opens any page offline with "You are offline" instead of the browser's error, and items that can
 * be shared (copied link; the address carries the item's link preview for crawlers).
 */
describe('installable app and sharing', () => {
  it('has a manifest with installable icons', async () => {
    const { page } = await openBrowser();
    await page.goto('/');
    const href = await page.locator('link[rel="manifest"]').getAttribute('href');
    expect(href).toBeTruthy();
    const manifest = (await (await page.request.get(href ?? '')).json()) as {
      name: string;
      display: string;
      start_url: string;
      icons: Array<{ src: string; sizes: string; purpose?: string }>;
    };
    expect(manifest).toMatchObject({ name: 'Threadswap', display: 'standalone', start_url: '/' });
    expect(manifest.icons.map((icon) => icon.sizes)).toEqual(expect.arrayContaining(['192x192', '512x512']));
    for (const icon of manifest.icons) {
      const response = await page.request.get(icon.src);
      expect(response.status(), icon.src).toBe(200);
      expect(response.headers()['content-type']).toBe('image/png');
    }
  });

  it('opens offline from the service worker and says "You are offline"', async () => {
    const { context, page } = await openBrowser({ width: 375, height: 800 });
    await page.goto('/browse');
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
    // The worker controls pages from the next navigation on.
    await page.reload();
    await eventually(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller)), true);

    // The banner is a status message; it reads "You are offline." and what waits for the network.
    const banner = page.getByRole('status').filter({ hasText: 'You are offline.' });
    await context.setOffline(true);
    await shown(banner);
    // A page opened offline comes from the worker's copy of the app, not the browser's error page.
    await page.goto('/browse?search=offline');
    await shown(banner);
    expect(await textOf(banner)).toContain('Listings, messages and trades update again once you reconnect.');
    await shown(page.locator('header'));

    await context.setOffline(false);
    await eventually(() => banner.count(), 0);
  });

  it('shares an item by copying its link, whose HTML carries the preview', async () => {
    const { context, page } = await openBrowser();
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await registerMember(page, 'Sasha');
    const title = `${uniqueWord('Share')} linen shirt`;
    const item = await listItemViaApi(page, { title, category: 'clothing', estimatedValue: 3_500 });
    await watchToasts(context);
    await page.goto(`/browse?highlight=${item.id}`);
    const share = page.getByRole('dialog', { name: title }).getByRole('button', { name: `Share ${title}` });
    await shown(share);
    // Chromium on Linux has no share sheet: the link is copied.
    await expectToastFrom(page, () => share.click(), 'Link copied', 'Paste it anywhere to share this item.');
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied).toMatch(new RegExp(`/browse\\?highlight=${item.id}$`));

    const html = await (await page.request.get(copied)).text();
    expect(html).toContain(`<meta property="og:title" content="${title} · Threadswap" />`);
    expect(html).toMatch(/<meta property="og:image" content="http[^"]+\/images\//);
  });
});

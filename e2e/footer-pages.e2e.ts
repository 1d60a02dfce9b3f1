import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations } from './support/axe';
import { openBrowser } from './support/browser';
import { shown, WAIT_MS } from './support/journeys';

/**
 * No dead ends: every footer link opens a real page (never the 404), the information pages (About,
 * Help, Terms, Privacy, Accessibility) pass axe, and each page has a title of its own. As a
 * visitor, at phone and desktop widths.
 */

const INFO_PAGES = [
  { link: 'About', path: '/about', heading: 'About Threadswap', title: 'About Threadswap · Threadswap' },
  { link: 'Help', path: '/help', heading: 'Help', title: 'Help · Threadswap' },
  { link: 'Terms', path: '/terms', heading: 'Terms of use', title: 'Terms of use · Threadswap' },
  { link: 'Privacy', path: '/privacy', heading: 'Privacy', title: 'Privacy · Threadswap' },
  {
    link: 'Accessibility',
    path: '/accessibility',
    heading: 'Accessibility statement',
    title: 'Accessibility statement · Threadswap',
  },
] as const;

/** A link of the footer (the page's contentinfo landmark), by its name. */
function footerLink(page: Page, name: string) {
  return page.getByRole('contentinfo').getByRole('link', { name, exact: true });
}

/** The footer's links, by name and address. */
async function footerLinks(page: Page) {
  return page
    .getByRole('contentinfo')
    .getByRole('link')
    .evaluateAll((links) =>
      links.map((link) => ({
        name: link.textContent?.trim() ?? '',
        href: link.getAttribute('href') ?? '',
      })),
    );
}

describe.each([
  { label: 'phone', viewport: { width: 375, height: 800 } },
  { label: 'desktop', viewport: { width: 1280, height: 900 } },
])('the footer and the information pages ($label)', ({ viewport }) => {
  let page: Page;

  beforeAll(async () => {
    ({ page } = await openBrowser(viewport));
  });

  // Many pages in one test each: generous limits for a slow, shared machine.
  it('every footer link opens a page of the app, never the 404', { timeout: 240_000 }, async () => {
    await page.goto('/browse');
    await shown(page.locator('footer'));
    const links = await footerLinks(page);
    expect(links.length).toBe(12);
    for (const { name, href } of links) {
      await page.goto('/');
      await footerLink(page, name).click();
      await expect
        .poll(() => new URL(page.url()).pathname + new URL(page.url()).search)
        .toBe(href.split('#')[0]);
      await shown(page.locator('main h1, [data-testid^="page-"] h1').first());
      expect(await page.getByRole('heading', { level: 1, name: '404 Page Not Found' }).count(), href).toBe(0);
    }
  });

  it('the information pages each have their own title and pass axe', { timeout: 240_000 }, async () => {
    for (const info of INFO_PAGES) {
      await page.goto('/');
      await footerLink(page, info.link).click();
      await shown(page.getByRole('heading', { level: 1, name: info.heading, exact: true }));
      await expect.poll(() => page.title(), { timeout: WAIT_MS }).toBe(info.title);
      expect(await seriousViolations(page), info.path).toEqual([]);
    }
    // A section link lands on its section.
    await page.goto('/help#shipping');
    await shown(page.getByRole('heading', { name: 'Shipping guide' }));
  });

  it('other pages are titled too', async () => {
    await page.goto('/browse');
    await expect.poll(() => page.title(), { timeout: WAIT_MS }).toBe('Browse items · Threadswap');
    await page.goto('/categories');
    await expect.poll(() => page.title(), { timeout: WAIT_MS }).toBe('Categories · Threadswap');
    await page.goto('/nowhere-at-all');
    await expect.poll(() => page.title(), { timeout: WAIT_MS }).toBe('Page not found · Threadswap');
  });
});

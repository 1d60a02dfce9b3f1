import type { BrowserContext, Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { baseURL, openBrowser } from './support/browser';
import { eventually, getJson, registerMember, shown, WAIT_MS } from './support/journeys';

/**
 * docs/product.md § Languages, in the browser: the page comes in the browser's language from the
 * first render, the footer picker switches at once and the `lang` cookie keeps the choice across a
 * reload, a member's choice follows them to another browser, and dates and money are written the
 * French way. At phone width for the first visit, at desktop width for the rest.
 */

const PHONE = { width: 375, height: 800 };
const DESKTOP = { width: 1280, height: 900 };

/** A fresh browser profile whose language (navigator.language and Accept-Language) is `locale`. */
const openBrowserIn = (locale: string, viewport: { width: number; height: number }) =>
  openBrowser(viewport, baseURL(), locale);

const htmlLang = (page: Page) => page.evaluate(() => document.documentElement.lang);

async function langCookie(context: BrowserContext): Promise<string | undefined> {
  return (await context.cookies()).find((cookie) => cookie.name === 'lang')?.value;
}

/** The page's footer. */
const footer = (page: Page) => page.getByRole('contentinfo');

/**
 * The link named `name` in the desktop navigation bar, which is named 'Main' in English and
 * 'Principale' in French.
 */
const mainNavLink = (page: Page, name: string): Locator =>
  page.getByRole('navigation', { name: /^(Main|Principale)$/ }).getByRole('link', { name, exact: true });

/** Picks `locale` in the footer's language picker (labelled 'Language', or 'Langue' in French). */
async function chooseInFooter(page: Page, locale: 'en' | 'fr'): Promise<void> {
  const picker = footer(page).getByLabel(/^(Language|Langue)$/);
  await picker.scrollIntoViewIfNeeded();
  await picker.selectOption(locale);
}

describe('languages', () => {
  it('a French browser gets the page in French from the first render, at phone width', async () => {
    const { context, page } = await openBrowserIn('fr-FR', PHONE);
    // Every text the navigation's Browse links (the tab bar's tab, the desktop bar's link) ever
    // show, from the first time they are in the page.
    await context.addInitScript(() => {
      const seen: string[] = [];
      (window as unknown as { tabTexts: string[] }).tabTexts = seen;
      new MutationObserver(() => {
        for (const link of document.querySelectorAll('nav a[href="/browse"]')) {
          const text = link.textContent?.trim();
          if (text && seen.at(-1) !== text) seen.push(text);
        }
      }).observe(document, { childList: true, subtree: true, characterData: true });
    });

    // The server already writes the language and its texts into the page.
    const served = await page.request.get('/', { headers: { 'accept-language': 'fr-FR,fr;q=0.9' } });
    const html = await served.text();
    expect(html).toMatch(/<html[^>]*\slang="fr"/);
    expect(html).toContain('data-locale="fr"');

    await page.goto('/');
    expect(await htmlLang(page)).toBe('fr');
    await shown(page.getByRole('heading', { name: 'La mode en avant, le troc malin' }));
    await shown(page.getByRole('button', { name: 'Commencer à échanger', exact: true }));
    const tabBar = page.getByRole('navigation', { name: "Barre d'onglets" });
    await shown(tabBar.getByRole('link', { name: 'Parcourir', exact: true }));
    await shown(tabBar.getByRole('button', { name: 'Publier', exact: true }));
    await shown(footer(page).getByRole('link', { name: 'Comment ça marche', exact: true }));
    await shown(footer(page).getByText(/Tous droits réservés/));
    // No English before the French: the Browse tab never read 'Browse'.
    expect(await page.evaluate(() => (window as unknown as { tabTexts: string[] }).tabTexts)).toEqual([
      'Parcourir',
    ]);

    // The menu's links and the page's title are French too.
    await page.getByRole('button', { name: 'Ouvrir le menu', exact: true }).click();
    const menu = page.getByRole('dialog', { name: 'Threadswap' });
    await shown(menu);
    const menuLinks = menu.getByRole('navigation', { name: 'Mobile' });
    await shown(menuLinks.getByRole('link', { name: 'Parcourir', exact: true }));
    await shown(menuLinks.getByRole('link', { name: 'Comment ça marche', exact: true }));
    await page.keyboard.press('Escape');
    await eventually(() => page.title(), 'Échangez la mode de seconde main · Threadswap');

    // Nothing wider than the phone's screen with the longer French words.
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  });

  it('a visitor switches to French in the footer, keeps it after a reload, and switches back', async () => {
    const { context, page } = await openBrowserIn('en-US', DESKTOP);
    await page.goto('/');
    expect(await htmlLang(page)).toBe('en');
    await shown(mainNavLink(page, 'Browse'));
    // A mark that a reload would wipe.
    await page.evaluate(() => ((window as unknown as { notReloaded: boolean }).notReloaded = true));

    await chooseInFooter(page, 'fr');
    await shown(mainNavLink(page, 'Parcourir'));
    expect(await mainNavLink(page, 'Browse').count()).toBe(0);
    await shown(page.getByRole('heading', { name: 'La mode en avant, le troc malin' }));
    expect(await htmlLang(page)).toBe('fr');
    expect(await page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)).toBe(
      true,
    );
    expect(await langCookie(context)).toBe('fr');

    // A reload may come from the service worker's copy of the page (no texts written in): the
    // cookie decides then.
    await page.reload();
    await eventually(() => htmlLang(page), 'fr');
    await shown(mainNavLink(page, 'Parcourir'));
    await shown(footer(page).getByRole('link', { name: 'À propos', exact: true }));

    // An information page in French, titled in French.
    await footer(page).getByRole('link', { name: 'Aide', exact: true }).click();
    await shown(page.getByRole('heading', { name: 'Guide d’expédition' }));
    await eventually(() => page.title(), 'Aide · Threadswap');

    await chooseInFooter(page, 'en');
    await shown(mainNavLink(page, 'Browse'));
    expect(await mainNavLink(page, 'Parcourir').count()).toBe(0);
    await shown(page.getByRole('heading', { name: 'Shipping guide' }));
    expect(await langCookie(context)).toBe('en');
    await page.reload();
    await eventually(() => htmlLang(page), 'en');
    await shown(mainNavLink(page, 'Browse'));
  });

  it("a member's choice is stored and follows them to an English browser", { timeout: 120_000 }, async () => {
    const first = await openBrowserIn('en-US', DESKTOP);
    await first.page.goto('/');
    const member = await registerMember(first.page, 'Josephine');
    await first.page.reload();
    await shown(first.page.getByRole('heading', { name: /Welcome/ }));

    const stored = first.page.waitForResponse(
      (response) => response.url().endsWith('/api/users/locale') && response.request().method() === 'PUT',
      { timeout: WAIT_MS },
    );
    await chooseInFooter(first.page, 'fr');
    expect((await stored).status()).toBe(200);
    await shown(first.page.getByRole('heading', { name: 'Bienvenue, Josephine !' }));

    // Another browser, in English and without the cookie, signs in as the member.
    const second = await openBrowserIn('en-US', DESKTOP);
    const login = await second.page.request.post('/api/auth/login', {
      data: { email: member.email, password: 'swap-secret-1' },
    });
    expect(login.status(), await login.text()).toBe(200);
    expect(await langCookie(second.context)).toBeUndefined();
    const user = await getJson<{ locale?: string | null }>(second.page, '/api/auth/user');
    expect(user.locale).toBe('fr');

    await second.page.goto('/');
    expect(await htmlLang(second.page)).toBe('fr');
    await shown(second.page.getByRole('heading', { name: 'Bienvenue, Josephine !' }));
    await shown(mainNavLink(second.page, 'Parcourir'));
    // The dashboard's count of pending requests: a link named for its label and its count.
    await shown(second.page.getByRole('link', { name: /^Demandes en attente/ }));
  });

  it('money is written the French way', async () => {
    const { page } = await openBrowserIn('fr-FR', DESKTOP);
    await page.goto('/');
    // The hero's illustration values its two pieces: '45,00 $US', not '$45.00'.
    await shown(page.getByText(/^45,00\s\$US$/));
    await shown(page.getByText(/^96\s%\sde compatibilité de style$/));
  });
});

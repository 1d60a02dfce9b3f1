import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations } from './support/axe';
import { openBrowser } from './support/browser';
import { gone, listItemViaApi, registerMember, shown, textOf } from './support/journeys';
import { expectPath } from './support/ui';

/** The bar's five tabs in order: Sell is a button (it opens a dialog), the others are links. */
const TABS = [
  ['link', 'Home'],
  ['link', 'Browse'],
  ['button', 'Sell'],
  ['link', 'Messages'],
  ['link', 'Profile'],
] as const;

/** The phone's tab bar, a navigation landmark of its own. */
function tabBar(page: Page): Locator {
  return page.getByRole('navigation', { name: 'Tab bar', exact: true });
}

/** One tab of the bar, by its name. */
function tab(page: Page, name: string): Locator {
  return tabBar(page).getByRole(name === 'Sell' ? 'button' : 'link', { name, exact: true });
}

/**
 * The bar's top edge and the page's last pixel of content, scrolled to the very bottom. The page
 * can still grow after the footer arrives (a band's figures load), so it scrolls again until the
 * bottom stays put.
 */
async function bottomEdges(page: Page): Promise<{ barTop: number; contentBottom: number }> {
  // The footer follows the first paint (AfterFirstPaint), so it may not be in the page yet.
  await shown(page.locator('footer'));
  let last = -1;
  for (let attempt = 0; attempt < 20; attempt += 1) {
    const height = await page.evaluate(() => {
      window.scrollTo(0, document.documentElement.scrollHeight);
      return document.documentElement.scrollHeight;
    });
    if (height === last) break;
    last = height;
    await page.waitForTimeout(250);
  }
  return page.evaluate(() => {
    const bar = document.querySelector('nav[aria-label="Tab bar"]');
    const footer = document.querySelector('footer');
    return {
      barTop: bar?.getBoundingClientRect().top ?? 0,
      contentBottom: footer?.getBoundingClientRect().bottom ?? Number.POSITIVE_INFINITY,
    };
  });
}

/** docs/product.md § Screens: the phone's bottom tab bar. */
describe('the tab bar on a phone', () => {
  let page: Page;

  beforeAll(async () => {
    ({ page } = await openBrowser({ width: 375, height: 812 }));
  });

  it('gives a visitor five tabs that cover nothing, and Sell asks them to sign in', async () => {
    await page.goto('/');
    const bar = tabBar(page);
    await shown(bar);
    expect(await bar.getByRole('listitem').allTextContents()).toEqual(TABS.map(([, label]) => label));
    for (const [role, label] of TABS) await shown(bar.getByRole(role, { name: label, exact: true }));
    expect(await tab(page, 'Home').getAttribute('aria-current')).toBe('page');
    const { barTop, contentBottom } = await bottomEdges(page);
    expect(contentBottom).toBeLessThanOrEqual(barTop + 1);
    expect(await seriousViolations(page)).toEqual([]);

    await tab(page, 'Browse').click();
    await expectPath(page, '/browse');
    expect(await tab(page, 'Browse').getAttribute('aria-current')).toBe('page');

    await tab(page, 'Sell').click();
    const auth = page.getByRole('dialog', { name: 'Welcome back' });
    await shown(auth);
    // The dialog's description says why it asks.
    await shown(auth.getByText(/^Sign in to list an item/));
    await auth.getByRole('button', { name: 'Close', exact: true }).click();
    await gone(auth);

    await tab(page, 'Messages').click();
    await expectPath(page, '/messages');
    await shown(page.getByRole('heading', { level: 1, name: 'Sign in to read your messages' }));
  }, 120_000);

  it('gives a member the List Item form under Sell, the unread count on Messages, and no floating button', async () => {
    const { page: sender } = await openBrowser();
    const member = await registerMember(page, 'Tariq');
    await registerMember(sender, 'Sana');
    const conversation = await sender.request.post('/api/conversations/find-or-create', {
      data: { otherUserId: member.id },
    });
    expect(conversation.status()).toBeLessThan(300);
    const { id } = (await conversation.json()) as { id: string };
    const sent = await sender.request.post('/api/messages', {
      data: { conversationId: id, content: 'Hello!' },
    });
    expect(sent.status()).toBe(201);

    await page.goto('/');
    // The badge is hidden from assistive technology: the tab's name carries the count.
    const messages = tab(page, 'Messages, 1 unread');
    await shown(messages);
    expect(await textOf(messages)).toBe('1Messages'); // the badge's '1', then the label
    // No floating Messages button on a phone (hidden elements have no role).
    expect(await page.getByRole('button', { name: /^Messages/ }).count()).toBe(0);
    const { barTop, contentBottom } = await bottomEdges(page);
    expect(contentBottom).toBeLessThanOrEqual(barTop + 1);

    await tab(page, 'Sell').click();
    await shown(page.getByRole('dialog').getByRole('heading', { name: /List/ }));
    await page.keyboard.press('Escape');

    await tab(page, 'Profile').click();
    await expectPath(page, '/profile');
    expect(await tab(page, 'Profile').getAttribute('aria-current')).toBe('page');
  });

  it("fits the sort choice and the owner's '··· Manage' inside their buttons", async () => {
    const { page } = await openBrowser({ width: 375, height: 812 });
    await registerMember(page, 'Imke');
    // Their own item shows on their cards with '··· Manage'.
    await listItemViaApi(page, {
      title: 'A Rather Long Title For A Wool Coat',
      category: 'clothing',
      estimatedValue: 4000,
    });
    const overflow = (locator: Locator) =>
      locator.evaluate((element) => element.scrollWidth - element.clientWidth);

    await page.goto('/browse');
    const sort = page.getByRole('combobox', { name: 'Sort by', exact: true });
    await shown(sort);
    // The chosen sort, not 'Sort: Ne…': the select (the platform's own) shows only the choice,
    // and its text fits in the room the select leaves beside its arrow.
    const room = await sort.evaluate((element) => {
      const select = element as HTMLSelectElement;
      const style = getComputedStyle(select);
      const context = document.createElement('canvas').getContext('2d') as CanvasRenderingContext2D;
      context.font = style.font;
      const text = select.selectedOptions[0]?.text ?? '';
      const width = select.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
      return { text, spare: width - context.measureText(text).width };
    });
    expect(room.text).toBe('Newest');
    expect(room.spare).toBeGreaterThanOrEqual(0);

    await page.goto('/profile?tab=items');
    const manage = page.getByRole('button', { name: 'Manage A Rather Long Title For A Wool Coat' }).first();
    await shown(manage);
    expect(await overflow(manage)).toBeLessThanOrEqual(0);
  }, 120_000);

  it('is not shown on a desktop', async () => {
    const { page: desktop } = await openBrowser({ width: 1280, height: 900 });
    await desktop.goto('/');
    await shown(
      desktop.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Browse', exact: true }),
    );
    // In the page, but hidden (and so out of the accessibility tree).
    const bar = desktop.getByRole('navigation', { name: 'Tab bar', exact: true, includeHidden: true });
    expect(await bar.count()).toBe(1);
    expect(await bar.isVisible()).toBe(false);
  });
});

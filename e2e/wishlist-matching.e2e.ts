import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { openBrowser } from './support/browser';
import {
  type ApiItem,
  choose,
  eventually,
  expectLocation,
  expectToastFrom,
  getJson,
  gone,
  listItemViaApi,
  registerMember,
  shown,
  textOf,
  uniqueWord,
  watchToasts,
} from './support/journeys';
import type { SmartMatches } from '@common/api/matching';

/**
 * A wishlist entry made on the page (with its inline validation), the alert and the
 * matches card when another member lists a match, and Smart Match ranking the member's own items
 * as offers (docs/product.md § Wishlist, § Matching).
 */
describe('a member is told about wishlist matches and ranks their offers', () => {
  let pageA: Page;
  let pageB: Page;
  const wanted = uniqueWord('Zw');
  let match: ApiItem;
  let closeOffer: ApiItem;
  let farOffer: ApiItem;

  /** The form's section, named by its heading. */
  const form = () => pageA.getByRole('region', { name: 'Add Wishlist Item', exact: true });
  const submit = () => form().getByRole('button', { name: 'Add to Wishlist', exact: true });
  const matchesCard = () =>
    pageA.getByRole('region', { name: 'Found Matches for Your Wishlist', exact: true });
  /** The bell is named for what is unread: 'Notifications', 'Notifications, 1 unread'. */
  const bell = () => pageA.getByRole('button', { name: /^Notifications(, \d+ unread)?$/ });
  const itemDetail = (item: ApiItem) => pageA.getByRole('dialog', { name: item.title, exact: true });

  beforeAll(async () => {
    const a = await openBrowser();
    const b = await openBrowser();
    pageA = a.page;
    pageB = b.page;
    await watchToasts(a.context);
    await Promise.all([registerMember(pageA, 'Wren', 'Hale'), registerMember(pageB, 'Milo', 'Grant')]);
    // A owns two items to rank: one close to B's coat, one far from it.
    [closeOffer, farOffer] = await Promise.all([
      listItemViaApi(pageA, {
        title: `${uniqueWord('Oc')} wool overcoat`,
        category: 'clothing',
        gender: 'women',
        style: 'Outerwear',
        condition: 'like-new',
        brand: 'Arket',
        size: 'M',
        estimatedValue: 9000,
      }),
      listItemViaApi(pageA, {
        title: `${uniqueWord('Bt')} canvas belt`,
        category: 'accessories',
        gender: 'unisex',
        condition: 'fair',
        estimatedValue: 1500,
      }),
    ]);
  });

  it('the wishlist form says what is missing when submitted empty', async () => {
    await pageA.goto('/wishlist');
    await shown(pageA.getByRole('heading', { level: 1, name: 'My Wishlist', exact: true }));
    const entries = pageA.getByRole('region', { name: /^Your wishlist/ });
    await shown(entries.getByText('No wishlist items yet', { exact: true }));
    await shown(
      entries.getByText('Add items to your wishlist to get notified when matching items are posted.', {
        exact: true,
      }),
    );

    // The toggle, before the form (whose submit button reads the same) is open.
    const toggle = pageA.getByRole('button', { name: 'Add to Wishlist', expanded: false });
    await toggle.click();
    await shown(form());
    await shown(form().getByRole('heading', { name: 'Add Wishlist Item', exact: true }));
    await submit().click();
    await shown(form().getByText('Title is required', { exact: true }));
    await shown(form().getByText('Category is required', { exact: true }));
    expect(await form().getByLabel('Item Title').getAttribute('aria-invalid')).toBe('true');
    expect(await form().getByRole('combobox', { name: 'Category' }).getAttribute('aria-invalid')).toBe(
      'true',
    );
    // Nothing was sent.
    expect(await getJson<unknown[]>(pageA, '/api/wishlist')).toEqual([]);
  });

  it('adds an entry with a title and a category', async () => {
    await form().getByLabel('Item Title').fill(wanted);
    await choose(pageA, form().getByRole('combobox', { name: 'Category' }), 'Clothing');
    await gone(form().getByText('Category is required', { exact: true }));
    await form().getByLabel('Max value').fill('120');
    await expectToastFrom(pageA, () => submit().click(), 'Success', 'Wishlist item created successfully');
    await gone(form());

    const [entry] = await getJson<Array<{ id: string; title: string; category: string; maxValue: number }>>(
      pageA,
      '/api/wishlist',
    );
    expect(entry).toMatchObject({ title: wanted, category: 'clothing', maxValue: 12000 });
    // Each entry is an article named by its title (a made-up word: unique).
    const card = pageA.getByRole('list', { name: 'Wishlist items' }).getByRole('article', { name: wanted });
    await shown(card);
    const text = await textOf(card);
    expect(text).toContain(wanted);
    expect(text).toContain('Clothing');
    await shown(card.getByText('Max value: $120.00', { exact: true }));
    // No match yet.
    expect(await matchesCard().count()).toBe(0);
    expect(await bell().getAttribute('aria-label')).toBe('Notifications');
  });

  it("B lists a matching item: A gets 'Wishlist match found' and the matches card shows it", async () => {
    match = await listItemViaApi(pageB, {
      title: `${wanted} cashmere coat`,
      category: 'clothing',
      gender: 'women',
      style: 'Outerwear',
      condition: 'like-new',
      brand: 'COS',
      size: 'M',
      estimatedValue: 9500,
    });

    await pageA.reload();
    await eventually(() => bell().getAttribute('aria-label'), 'Notifications, 1 unread');
    // The badge on the bell shows the count.
    expect(await textOf(bell())).toBe('1');

    const card = matchesCard();
    await shown(card);
    await shown(card.getByRole('heading', { name: 'Found Matches for Your Wishlist', exact: true }));
    await shown(card.getByText('One listed item matches what you are looking for.', { exact: true }));
    // Each match is a link to the item, named by what it shows (title, brand, condition, category).
    const tiles = card.getByRole('list', { name: 'Wishlist matches' }).getByRole('link');
    await eventually(() => tiles.count(), 1);
    const tile = tiles.filter({ hasText: match.title });
    const tileText = await textOf(tile);
    expect(tileText).toContain(match.title);
    expect(tileText).toContain('COS · Like New');
    expect(tileText).toContain('Clothing');
    expect(await tile.getAttribute('href')).toBe(`/browse?highlight=${match.id}`);

    await bell().click();
    const popover = pageA.getByRole('dialog', { name: 'Notifications', exact: true });
    await shown(popover);
    const [note] = await getJson<Array<{ id: string; title: string; message: string; link: string }>>(
      pageA,
      '/api/notifications',
    );
    expect(note).toMatchObject({ title: 'Wishlist match found', link: `/browse?highlight=${match.id}` });
    // A notification is a button in the list, named by its title, message and time.
    const entry = popover
      .getByRole('list', { name: 'Latest notifications' })
      .getByRole('button', { name: new RegExp(`Wishlist match found.*${match.title}`) });
    await shown(entry);
    const text = await textOf(entry);
    expect(text).toContain('Wishlist match found');
    expect(text).toContain(`"${match.title}" matches your wishlist item "${wanted}".`);

    // The notification leads to the item.
    await entry.click();
    await expectLocation(pageA, '/browse', { highlight: match.id });
    // The item's dialog opens meanwhile, and a modal dialog hides the page behind it from the
    // accessibility tree: the bell is read there with hidden elements included.
    const bellBehind = () =>
      pageA.getByRole('button', { name: /^Notifications(, \d+ unread)?$/, includeHidden: true });
    await eventually(() => bellBehind().getAttribute('aria-label'), 'Notifications');
    expect(await textOf(bellBehind())).toBe('');
    // The detail view is a dialog named by the item's title.
    await shown(itemDetail(match));
  });

  it("Smart Match on B's item ranks A's items with a percentage and reasons", async () => {
    await itemDetail(match).getByRole('button', { name: 'Smart Match', exact: true }).click();
    const dialog = pageA.getByRole('dialog', { name: 'Smart Matches', exact: true });
    await shown(dialog);
    await shown(dialog.getByRole('heading', { name: 'Smart Matches', exact: true }));
    await shown(
      dialog.getByText(
        `Which of your items Milo is most likely to accept in exchange for “${match.title}”.`,
        {
          exact: true,
        },
      ),
    );

    // The ranked list's own entries (each holds a list of reasons too).
    const rows = dialog.getByRole('list', { name: 'Smart matches, best first' }).locator(':scope > li');
    await eventually(() => rows.count(), 2);
    // The coat of similar value and the same style comes first.
    expect(await textOf(rows.nth(0))).toContain(closeOffer.title);
    expect(await textOf(rows.nth(1))).toContain(farOffer.title);
    const row = (item: ApiItem) => rows.filter({ hasText: item.title });

    const percent = async (item: ApiItem) => {
      const text = await textOf(row(item).getByText(/^\d{1,3}%$/));
      return Number(text.slice(0, -1));
    };
    const [close, far] = [await percent(closeOffer), await percent(farOffer)];
    expect(close).toBeGreaterThan(far);

    // The scores and reasons are the server's ranking, shown as rounded percentages.
    const ranked = (await (
      await pageA.request.post(`/api/items/${match.id}/smart-matches`, { data: {} })
    ).json()) as SmartMatches;
    expect(ranked.matches.map((entry) => entry.item.id)).toEqual([closeOffer.id, farOffer.id]);
    expect([close, far]).toEqual(ranked.matches.map((entry) => Math.round(entry.overallScore * 100)));

    const reasons = await textOf(row(closeOffer).getByRole('list', { name: 'Why it matches' }));
    expect(reasons).toContain('Fair trade: values within 10%');
    expect(reasons).toContain('Same style (Outerwear)');
    // The reasons travel as codes: each of the answer's is shown, worded.
    expect(ranked.matches[0]?.reasoning.length).toBeGreaterThan(0);
    expect(await textOf(row(closeOffer))).toContain(`${closeOffer.title}$90.00 · Like New`);
    expect(await dialog.getByText('No Smart Matches Found', { exact: true }).count()).toBe(0);
  });
});

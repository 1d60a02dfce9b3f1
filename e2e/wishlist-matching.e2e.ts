import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { openBrowser } from './support/browser';
import {
  type ApiItem,
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
    const empty = pageA.getByTestId('text-wishlist-empty');
    await shown(empty);
    await shown(empty.getByText('No wishlist items yet', { exact: true }));
    await shown(
      empty.getByText('Add items to your wishlist to get notified when matching items are posted.', {
        exact: true,
      }),
    );

    await pageA.getByTestId('button-toggle-wishlist-form').click();
    const form = pageA.getByTestId('form-wishlist');
    await shown(form);
    await shown(pageA.getByRole('heading', { name: 'Add Wishlist Item', exact: true }));
    await form.getByTestId('button-submit-wishlist').click();
    await eventually(() => textOf(form.getByTestId('error-wishlist-title')), 'Title is required');
    expect(await textOf(form.getByTestId('error-wishlist-category'))).toBe('Category is required');
    expect(await pageA.locator('#wishlist-title').getAttribute('aria-invalid')).toBe('true');
    // Nothing was sent.
    expect(await getJson<unknown[]>(pageA, '/api/wishlist')).toEqual([]);
  });

  it('adds an entry with a title and a category', async () => {
    const form = pageA.getByTestId('form-wishlist');
    await pageA.locator('#wishlist-title').fill(wanted);
    await pageA.getByTestId('wishlist-category').click();
    await pageA.getByTestId('option-wishlist-category-clothing').click();
    await gone(form.getByTestId('error-wishlist-category'));
    await pageA.locator('#wishlist-max-value').fill('120');
    await expectToastFrom(
      pageA,
      () => form.getByTestId('button-submit-wishlist').click(),
      'Success',
      'Wishlist item created successfully',
    );
    await gone(form);

    const [entry] = await getJson<Array<{ id: string; title: string; category: string; maxValue: number }>>(
      pageA,
      '/api/wishlist',
    );
    expect(entry).toMatchObject({ title: wanted, category: 'clothing', maxValue: 12000 });
    const card = pageA.getByTestId(`wishlist-item-${entry?.id}`);
    await shown(card);
    const text = await textOf(card);
    expect(text).toContain(wanted);
    expect(text).toContain('Clothing');
    expect(await textOf(card.getByTestId(`text-wishlist-max-value-${entry?.id}`))).toBe('Max value: $120.00');
    // No match yet.
    expect(await pageA.getByTestId('card-wishlist-matches').count()).toBe(0);
    expect(await pageA.getByTestId('badge-unread-count').count()).toBe(0);
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
    const bell = pageA.getByTestId('button-notifications');
    await eventually(() => textOf(pageA.getByTestId('badge-unread-count')), '1');
    expect(await bell.getAttribute('aria-label')).toBe('Notifications, 1 unread');

    const card = pageA.getByTestId('card-wishlist-matches');
    await shown(card);
    await shown(card.getByRole('heading', { name: 'Found Matches for Your Wishlist', exact: true }));
    await shown(card.getByText('One listed item matches what you are looking for.', { exact: true }));
    const tiles = card.locator('[data-testid^="wishlist-match-"]');
    await eventually(() => tiles.count(), 1);
    const tile = card.getByTestId(`wishlist-match-${match.id}`);
    const tileText = await textOf(tile);
    expect(tileText).toContain(match.title);
    expect(tileText).toContain('COS · Like New');
    expect(tileText).toContain('Clothing');
    expect(await tile.getAttribute('href')).toBe(`/browse?highlight=${match.id}`);

    await bell.click();
    const popover = pageA.getByTestId('popover-notifications');
    await shown(popover);
    const [note] = await getJson<Array<{ id: string; title: string; message: string; link: string }>>(
      pageA,
      '/api/notifications',
    );
    expect(note).toMatchObject({ title: 'Wishlist match found', link: `/browse?highlight=${match.id}` });
    const entry = popover.getByTestId(`notification-${note?.id}`);
    await shown(entry);
    const text = await textOf(entry);
    expect(text).toContain('Wishlist match found');
    expect(text).toContain(`"${match.title}" matches your wishlist item "${wanted}".`);

    // The notification leads to the item.
    await entry.click();
    await expectLocation(pageA, '/browse', { highlight: match.id });
    await gone(pageA.getByTestId('badge-unread-count'));
    const detail = pageA.getByTestId('dialog-item-detail');
    await shown(detail);
    await eventually(() => textOf(detail.getByTestId('text-detail-title')), match.title);
  });

  it("Smart Match on B's item ranks A's items with a percentage and reasons", async () => {
    const detail = pageA.getByTestId('dialog-item-detail');
    await detail.getByTestId('button-detail-smart-match').click();
    const dialog = pageA.getByTestId('dialog-smart-matches');
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

    const rows = dialog.locator('[data-testid^="smart-match-"]');
    await eventually(() => rows.count(), 2);
    const order = await rows.evaluateAll((list) =>
      list.map((row) => (row.getAttribute('data-testid') ?? '').slice('smart-match-'.length)),
    );
    // The coat of similar value and the same style comes first.
    expect(order).toEqual([closeOffer.id, farOffer.id]);

    const percent = async (id: string) => {
      const text = await textOf(dialog.getByTestId(`text-smart-score-${id}`));
      expect(text).toMatch(/^\d{1,3}%$/);
      return Number(text.slice(0, -1));
    };
    const [close, far] = [await percent(closeOffer.id), await percent(farOffer.id)];
    expect(close).toBeGreaterThan(far);

    // The scores and reasons are the server's ranking, shown as rounded percentages.
    const ranked = (await (
      await pageA.request.post(`/api/items/${match.id}/smart-matches`, { data: {} })
    ).json()) as SmartMatches;
    expect(ranked.matches.map((entry) => entry.item.id)).toEqual([closeOffer.id, farOffer.id]);
    expect([close, far]).toEqual(ranked.matches.map((entry) => Math.round(entry.overallScore * 100)));

    const reasons = await textOf(
      dialog.getByTestId(`smart-match-${closeOffer.id}`).getByRole('list', { name: 'Why it matches' }),
    );
    expect(reasons).toContain('Fair trade: values within 10%');
    expect(reasons).toContain('Same style (Outerwear)');
    // The reasons travel as codes: each of the answer's is shown, worded.
    expect(ranked.matches[0]?.reasoning.length).toBeGreaterThan(0);
    expect(await textOf(dialog.getByTestId(`smart-match-${closeOffer.id}`))).toContain(
      `${closeOffer.title}$90.00 · Like New`,
    );
    expect(await dialog.getByTestId('text-no-smart-matches').count()).toBe(0);
  });
});

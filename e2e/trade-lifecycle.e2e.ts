import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  type ApiItem,
  eventually,
  expectLocation,
  expectToastFrom,
  getJson,
  gone,
  type Member,
  shown,
  textOf,
  uniqueWord,
} from './support/journeys';
import { listCoat, openTwoTraders } from './support/trading';
import type { TradeRequest } from '@common/api/trades';

/**
 * Member A asks for member B's item, B accepts, both confirm receipt and review each other
 * (docs/product.md § Trades, § Reviews, § Value hint and fair trade).
 */
describe('two members trade an item from request to reviews', () => {
  let pageA: Page;
  let pageB: Page;
  let ava: Member;
  let ben: Member;
  let wanted: ApiItem;
  let offered: ApiItem;
  let trade: TradeRequest;
  const message = 'Hi Ben! Would you swap your coat for my trench?';

  beforeAll(async () => {
    const [a, b] = await openTwoTraders(
      { firstName: 'Ava', lastName: 'Reyes' },
      { firstName: 'Ben', lastName: 'Owens' },
    );
    ({ page: pageA, member: ava } = a);
    ({ page: pageB, member: ben } = b);
    // B lists the coat A wants (with an uploaded photo); A lists the trench A offers.
    [wanted, offered] = await Promise.all([
      listCoat(pageB, {
        title: `${uniqueWord('Wc')} wool coat`,
        gender: 'women',
        condition: 'like-new',
        brand: 'COS',
        estimatedValue: 8000,
      }),
      listCoat(pageA, {
        title: `${uniqueWord('Tc')} trench coat`,
        gender: 'women',
        condition: 'good',
        brand: 'Arket',
        estimatedValue: 7600,
      }),
    ]);
    expect(wanted.images).toHaveLength(1);
  });

  it("A offers their own item for B's, with the value hint", async () => {
    await pageA.goto(`/browse?highlight=${wanted.id}`);
    const detail = pageA.getByTestId('dialog-item-detail');
    await shown(detail);
    await eventually(() => textOf(detail.getByTestId('text-detail-title')), wanted.title);
    await detail.getByTestId('button-detail-barter').click();

    const dialog = pageA.getByTestId('dialog-barter');
    await shown(dialog);
    await shown(dialog.getByRole('heading', { name: 'Make a Barter Request', exact: true }));
    const option = dialog.getByTestId(`option-offered-item-${offered.id}`);
    await shown(option);
    // Only A's own item is offered, and nothing is compared before choosing.
    expect(await dialog.locator('[data-testid^="option-offered-item-"]').count()).toBe(1);
    expect(await dialog.getByTestId('text-value-hint').count()).toBe(0);

    await option.click();
    // $76 for $80: within 20% of the wanted value, and within 10% of the offered one.
    await eventually(() => textOf(dialog.getByTestId('text-value-hint')), 'Great match! Values are similar');
    expect(await textOf(dialog.getByTestId('badge-fair-trade'))).toBe('Fair Trade');
    await dialog.getByTestId('input-barter-message').fill(message);

    await expectToastFrom(
      pageA,
      () => dialog.getByTestId('button-confirm-trade').click(),
      'Barter request sent!',
      `Your offer for “${wanted.title}” was sent to Ben.`,
    );
    await gone(dialog);

    const trades = await getJson<TradeRequest[]>(pageA, '/api/trade-requests');
    const sent = trades.find((entry) => entry.requestedItemId === wanted.id);
    expect(sent).toMatchObject({ status: 'pending', offeredItemId: offered.id });
    trade = sent as TradeRequest;
  });

  it('B sees the unread badge, opens the notification and lands on Barter Requests', async () => {
    await pageB.goto('/');
    const bell = pageB.getByTestId('button-notifications');
    await shown(bell);
    await eventually(() => textOf(pageB.getByTestId('badge-unread-count')), '1');
    expect(await bell.getAttribute('aria-label')).toBe('Notifications, 1 unread');

    await bell.click();
    const popover = pageB.getByTestId('popover-notifications');
    await shown(popover);
    const [note] = await getJson<Array<{ id: string; title: string; isRead: boolean }>>(
      pageB,
      '/api/notifications',
    );
    expect(note).toMatchObject({ title: 'New barter request', isRead: false });
    const entry = popover.getByTestId(`notification-${note?.id}`);
    await shown(entry);
    const text = await textOf(entry);
    expect(text).toContain('New barter request');
    expect(text).toContain(`Ava offers "${offered.title}" for your "${wanted.title}".`);

    await entry.click();
    await expectLocation(pageB, '/profile', { tab: 'barters' });
    await gone(popover);
    await gone(pageB.getByTestId('badge-unread-count'));
    expect(await bell.getAttribute('aria-label')).toBe('Notifications');
    await eventually(() => pageB.getByTestId('tab-profile-barters').getAttribute('aria-selected'), 'true');
  });

  it('B accepts: the toast, then the shipping dialog', async () => {
    await eventually(() => textOf(pageB.getByTestId('tab-barters-pending')), 'Pending (1)');
    const card = pageB.getByTestId(`trade-${trade.id}`);
    await shown(card);
    const text = await textOf(card);
    expect(text).toContain(`Offer from ${ava.name}`);
    expect(text).toContain(`“${message}”`);
    expect(text).toContain(offered.title);
    expect(text).toContain(wanted.title);
    expect(await textOf(card.getByTestId(`badge-status-${trade.id}`))).toBe('Pending');
    await shown(card.getByTestId(`button-decline-${trade.id}`));

    await expectToastFrom(
      pageB,
      () => card.getByTestId(`button-accept-${trade.id}`).click(),
      'Barter request accepted!',
      `${ava.name} will be notified, and you can now arrange shipping.`,
    );
    const shipping = pageB.getByTestId('dialog-shipping');
    await shown(shipping);
    await shown(shipping.getByRole('heading', { name: 'Shipping Calculation' }));
    await shipping.getByRole('button', { name: 'Close', exact: true }).first().click();
    await gone(shipping);

    await eventually(() => textOf(pageB.getByTestId('tab-barters-accepted')), 'Accepted (1)');
    expect(await textOf(pageB.getByTestId('tab-barters-pending'))).toBe('Pending (0)');
    await eventually(() => textOf(card.getByTestId(`badge-status-${trade.id}`)), 'Accepted');
    await shown(card.getByTestId(`button-arrange-shipping-${trade.id}`));
  });

  it('both mark their item as received and the trade completes', async () => {
    const received = pageB.getByTestId(`button-mark-received-${trade.id}`);
    await expectToastFrom(
      pageB,
      () => received.click(),
      'Marked as received',
      `The trade completes once ${ava.name} confirms receiving their item too.`,
    );
    await eventually(() => textOf(received), 'You marked it received');
    expect(await received.isDisabled()).toBe(true);

    await pageA.goto('/profile?tab=barters');
    await eventually(() => textOf(pageA.getByTestId('tab-barters-accepted')), 'Accepted (1)');
    await pageA.getByTestId('tab-barters-accepted').click();
    const card = pageA.getByTestId(`trade-${trade.id}`);
    await shown(card);
    expect(await textOf(card)).toContain(`Your offer to ${ben.name}`);
    expect(await textOf(card.getByTestId(`receipt-status-${trade.id}`))).toBe(
      `You: not received yet${ben.name}: received`,
    );
    await expectToastFrom(
      pageA,
      () => card.getByTestId(`button-mark-received-${trade.id}`).click(),
      'Trade completed!',
      `Both items have arrived. Leave a review for ${ben.name}.`,
    );
    await eventually(() => textOf(pageA.getByTestId('tab-barters-completed')), 'Completed (1)');
    expect(await textOf(pageA.getByTestId('tab-barters-accepted'))).toBe('Accepted (0)');
  });

  it("the swapped item's page shows what it went for, with a link to that item", async () => {
    await pageA.goto(`/browse?highlight=${wanted.id}`);
    const detail = pageA.getByTestId('dialog-item-detail');
    await shown(detail.getByTestId('text-detail-not-offerable'));
    const swappedFor = detail.getByTestId('link-detail-swapped-for');
    await shown(swappedFor);
    expect(await textOf(swappedFor)).toBe(`Swapped for${offered.title}`);
    expect(await detail.getByTestId('button-detail-barter').count()).toBe(0);
    await swappedFor.click();
    await eventually(() => textOf(detail.getByTestId('text-detail-title')), offered.title);
    // Back where the next steps start.
    await pageA.goto('/profile?tab=barters');
    await shown(pageA.getByTestId('tab-barters-completed'));
  });

  async function review(page: Page, partner: Member, stars: number, comment: string) {
    await page.getByTestId('tab-barters-completed').click();
    const form = page.getByTestId(`form-review-${trade.id}`);
    await shown(form);
    await form.getByTestId(`input-rating-${trade.id}-${stars}`).click();
    await form.getByTestId(`input-communication-${trade.id}-5`).click();
    // Nothing is pre-chosen for "as described": submitting without an answer asks for one.
    expect(await form.locator('input[type=radio]:checked').count()).toBe(2);
    await form.getByTestId(`button-submit-review-${trade.id}`).click();
    await shown(form.getByText('Say whether the item was as described'));
    await form.getByTestId(`input-as-described-${trade.id}-yes`).click();
    await form.getByTestId(`input-review-comment-${trade.id}`).fill(comment);
    await expectToastFrom(
      page,
      () => form.getByTestId(`button-submit-review-${trade.id}`).click(),
      'Review submitted',
      `Thanks! Your review of ${partner.name} becomes visible once they review you too, or after 7 days.`,
    );
    await gone(form);
    await eventually(
      async () =>
        (await textOf(page.getByTestId(`text-my-rating-${trade.id}`))).endsWith(`You rated ${stars}/5`),
      true,
    );
  }

  it('A reviews B; the review stays hidden until B has reviewed too', async () => {
    await review(pageA, ben, 4, 'Smooth swap, the coat was exactly as described.');

    await pageA.getByTestId('tab-profile-reviews').click();
    await expectLocation(pageA, '/profile', { tab: 'reviews' });
    await shown(pageA.getByRole('heading', { name: 'Reviews & Ratings', exact: true }));
    await shown(pageA.getByTestId('text-no-reviews'));
  });

  it("B reviews A, and A's profile shows it under Reviews & Ratings", async () => {
    await pageB.reload();
    await eventually(() => textOf(pageB.getByTestId('tab-barters-completed')), 'Completed (1)');
    await review(pageB, ava, 5, 'Great trader, fast and friendly.');

    await pageA.reload();
    await shown(pageA.getByRole('heading', { name: 'Reviews & Ratings', exact: true }));
    const reviews = pageA.locator('[data-testid^="review-"]');
    await eventually(() => reviews.count(), 1);
    const text = await textOf(reviews.first());
    expect(text).toContain('Great trader, fast and friendly.');
    expect(text).toContain('— Ben');
    await shown(reviews.first().getByRole('img', { name: 'Overall: 5 out of 5 stars' }));
    expect(await textOf(pageA.getByTestId('text-average-rating'))).toBe('5.0');
    expect(await textOf(pageA.getByTestId('text-total-reviews'))).toBe('1 review');
    expect(await pageA.getByTestId('text-no-reviews').count()).toBe(0);

    // And B's profile shows A's review.
    await pageB.goto('/profile?tab=reviews');
    const theirs = pageB.locator('[data-testid^="review-"]');
    await eventually(() => theirs.count(), 1);
    expect(await textOf(theirs.first())).toContain('Smooth swap, the coat was exactly as described.');
    expect(await textOf(pageB.getByTestId('text-average-rating'))).toBe('4.0');
  });
});

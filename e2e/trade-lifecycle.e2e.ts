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
import type { Notification } from '@common/api/notifications';
import type { TradeRequest } from '@common/api/trades';

/** What a member's own empty reviews list says. */
const NO_REVIEWS_YET =
  'After a completed trade your partner can review you. Reviews appear once both of you have reviewed, or after 7 days.';

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

  // A trade card has no name of its own (its heading names the partner, who has other trades):
  // it keeps its test id.
  const tradeCard = (page: Page) => page.getByTestId(`trade-${trade.id}`);

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
    const detail = pageA.getByRole('dialog', { name: wanted.title });
    await shown(detail);
    await detail.getByRole('button', { name: 'Barter', exact: true }).click();

    const dialog = pageA.getByRole('dialog', { name: 'Make a Barter Request' });
    await shown(dialog);
    const choices = dialog.getByRole('group', { name: /^Choose what to offer/ });
    const option = choices.getByRole('checkbox', { name: offered.title });
    await shown(option);
    // Only A's own item is offered, and nothing is compared before choosing.
    expect(await choices.getByRole('checkbox').count()).toBe(1);
    const comparison = dialog.getByRole('region', { name: 'Value comparison' });
    expect(await comparison.count()).toBe(0);

    // The checkbox is visually hidden inside its label (the item's card): a member clicks the card.
    await option.locator('xpath=..').click();
    await eventually(() => option.isChecked(), true);
    // $76 for $80: within 20% of the wanted value, and within 10% of the offered one.
    await shown(comparison.getByText('Great match! Values are similar', { exact: true }));
    await shown(comparison.getByText('Fair Trade', { exact: true }));
    await dialog.getByRole('textbox', { name: /^Message/ }).fill(message);

    await expectToastFrom(
      pageA,
      () => dialog.getByRole('button', { name: 'Confirm Trade Request' }).click(),
      'Barter request sent!',
      `Your offer for “${wanted.title}” was sent to Ben.`,
    );
    await gone(dialog);

    const trades = await getJson<TradeRequest[]>(pageA, '/api/trade-requests');
    const sent = trades.find((entry) => entry.requestedItemId === wanted.id);
    expect(sent).toMatchObject({ status: 'pending', offeredItemId: offered.id });
    trade = sent as TradeRequest;
  });

  it('B sees the unread badge, opens the notification and lands on the trade’s page', async () => {
    await pageB.goto('/');
    const bell = pageB.getByRole('button', { name: /^Notifications/ });
    await shown(bell);
    await shown(pageB.getByRole('button', { name: 'Notifications, 1 unread', exact: true }));
    // The badge on the bell shows the count.
    await eventually(() => textOf(bell), '1');

    await bell.click();
    const popover = pageB.getByRole('dialog', { name: 'Notifications' });
    await shown(popover);
    const [note] = await getJson<Notification[]>(pageB, '/api/notifications');
    expect(note).toMatchObject({ title: 'New barter request', isRead: false });
    const entry = popover.getByRole('button', { name: /New barter request/ });
    await shown(entry);
    expect(await entry.count()).toBe(1);
    const text = await textOf(entry);
    expect(text).toContain('New barter request');
    expect(text).toContain(`Ava offers "${offered.title}" for your "${wanted.title}".`);

    await entry.click();
    await expectLocation(pageB, `/trades/${trade.id}`);
    await gone(popover);
    await shown(
      pageB.getByText(`${ava.name} is waiting for your answer: accept, make a counter-offer or decline.`, {
        exact: true,
      }),
    );
    await shown(pageB.getByRole('button', { name: 'Notifications', exact: true }));
    await eventually(() => textOf(bell), '');
    await pageB.goto('/profile?tab=barters');
    await eventually(
      () => pageB.getByRole('tab', { name: 'Barter Requests' }).getAttribute('aria-selected'),
      'true',
    );
  });

  it('B accepts after confirming what is given and got; the trade page shows the next step', async () => {
    await eventually(() => textOf(pageB.getByRole('tab', { name: /^Pending \(/ })), 'Pending (1)');
    const card = tradeCard(pageB);
    await shown(card);
    const text = await textOf(card);
    expect(text).toContain(`Offer from ${ava.name}`);
    expect(text).toContain(`“${message}”`);
    expect(text).toContain(offered.title);
    expect(text).toContain(wanted.title);
    await shown(card.getByText('Pending', { exact: true }));
    await shown(card.getByRole('button', { name: 'Decline', exact: true }));

    await card.getByRole('button', { name: 'Accept Barter', exact: true }).click();
    const confirm = pageB.getByRole('dialog', { name: /^Accept the swap with / });
    await shown(confirm);
    expect(await textOf(confirm.getByRole('list', { name: 'You give (1 item)' }))).toBe(wanted.title);
    expect(await textOf(confirm.getByRole('list', { name: 'You get (1 item)' }))).toBe(offered.title);
    await expectToastFrom(
      pageB,
      () => confirm.getByRole('button', { name: 'Accept the swap', exact: true }).click(),
      'Barter request accepted!',
      `${ava.name} will be notified. Next, send them your items.`,
    );
    await eventually(() => new URL(pageB.url()).pathname, `/trades/${trade.id}`);
    await shown(pageB.getByText(new RegExp(`^Send your items to ${ava.name} and mark them sent by `)));
    expect(await pageB.getByRole('dialog', { name: 'Shipping Calculation' }).count()).toBe(0);
    await shown(tradeCard(pageB).getByText('Accepted', { exact: true }));
    await shown(pageB.getByRole('button', { name: 'Arrange Shipping', exact: true }));
    // Nothing was sent to B yet: receipt is not offered.
    expect(await pageB.getByRole('button', { name: 'I received it', exact: true }).count()).toBe(0);
  });

  it('both send, then confirm receipt through "as described", and the trade completes', async () => {
    await expectToastFrom(
      pageB,
      () => pageB.getByRole('button', { name: 'I sent my items', exact: true }).click(),
      'Marked as sent',
      `${ava.name} will be notified.`,
    );

    await pageA.goto('/profile?tab=barters');
    await eventually(() => textOf(pageA.getByRole('tab', { name: /^Accepted \(/ })), 'Accepted (1)');
    await pageA.getByRole('tab', { name: /^Accepted \(/ }).click();
    const card = tradeCard(pageA);
    await shown(card);
    expect(await textOf(card)).toContain(`Your offer to ${ben.name}`);
    const sent = card.getByRole('button', { name: 'I sent my items', exact: true });
    await sent.click();
    await gone(sent);

    const received = pageB.getByRole('button', { name: 'I received it', exact: true });
    await shown(received);
    await received.click();
    const ask = pageB.getByRole('dialog', { name: 'Is everything as described?' });
    await shown(ask);
    await expectToastFrom(
      pageB,
      () => ask.getByRole('button', { name: 'Yes, everything is as described' }).click(),
      'Marked as received',
      `The trade completes once ${ava.name} confirms receiving their item too.`,
    );
    await gone(received);

    // A's card learns of B's receipt live (B's button is hidden from the accessibility tree as soon as
    // the dialog opens, so nothing above waited for B's page to settle).
    await eventually(
      () => textOf(card.getByRole('list', { name: 'Receipt confirmations' })),
      `You: not received yet${ben.name}: received`,
    );
    await card.getByRole('button', { name: 'I received it', exact: true }).click();
    await expectToastFrom(
      pageA,
      () =>
        pageA
          .getByRole('dialog', { name: 'Is everything as described?' })
          .getByRole('button', { name: 'Yes, everything is as described' })
          .click(),
      'Trade completed!',
      `Both items have arrived. Leave a review for ${ben.name}.`,
    );
    await eventually(() => textOf(pageA.getByRole('tab', { name: /^Completed \(/ })), 'Completed (1)');
    expect(await textOf(pageA.getByRole('tab', { name: /^Accepted \(/ }))).toBe('Accepted (0)');
  });

  it("the swapped item's page shows what it went for, with a link to that item", async () => {
    await pageA.goto(`/browse?highlight=${wanted.id}`);
    const detail = pageA.getByRole('dialog', { name: wanted.title });
    await shown(detail.getByText('This item has been swapped and takes no more offers.', { exact: true }));
    const swappedFor = detail.getByRole('link', { name: /^Swapped for/ });
    await shown(swappedFor);
    expect(await textOf(swappedFor)).toBe(`Swapped for${offered.title}`);
    expect(await detail.getByRole('button', { name: 'Barter', exact: true }).count()).toBe(0);
    await swappedFor.click();
    // The same dialog now shows the item it went for.
    const next = pageA.getByRole('dialog');
    await shown(next.getByRole('heading', { name: offered.title, exact: true }));
    expect(await next.count()).toBe(1);
    // Back where the next steps start.
    await pageA.goto('/profile?tab=barters');
    await shown(pageA.getByRole('tab', { name: /^Completed \(/ }));
  });

  /** The radios are visually hidden inside their labels (the stars): a member clicks the label. */
  async function review(page: Page, partner: Member, stars: number, comment: string) {
    await page.getByRole('tab', { name: /^Completed \(/ }).click();
    const form = page.getByRole('form', { name: 'Leave a review' });
    await shown(form);
    await form
      .getByRole('group', { name: 'Overall' })
      .getByRole('radio', { name: stars === 1 ? '1 star' : `${stars} stars`, exact: true })
      .locator('xpath=..')
      .click();
    await form
      .getByRole('group', { name: 'Communication' })
      .getByRole('radio', { name: '5 stars', exact: true })
      .locator('xpath=..')
      .click();
    // Nothing is pre-chosen for "as described": submitting without an answer asks for one.
    expect(await form.locator('input[type=radio]:checked').count()).toBe(2);
    await form.getByRole('button', { name: 'Submit Review' }).click();
    await shown(form.getByText('Say whether the item was as described'));
    await form
      .getByRole('group', { name: 'Was the item as described?' })
      .getByRole('radio', { name: 'Yes', exact: true })
      .locator('xpath=..')
      .click();
    await form.getByRole('textbox', { name: /^Comment/ }).fill(comment);
    await expectToastFrom(
      page,
      () => form.getByRole('button', { name: 'Submit Review' }).click(),
      'Review submitted',
      `Thanks! Your review of ${partner.name} becomes visible once they review you too, or after 7 days.`,
    );
    await gone(form);
    await shown(tradeCard(page).getByText(`You rated ${stars}/5`, { exact: true }));
    await shown(
      tradeCard(page).getByRole('img', { name: `Your rating: ${stars} out of 5 stars`, exact: true }),
    );
  }

  it('A reviews B; the review stays hidden until B has reviewed too', async () => {
    await review(pageA, ben, 4, 'Smooth swap, the coat was exactly as described.');

    await pageA.getByRole('tab', { name: 'Reviews & Ratings' }).click();
    await expectLocation(pageA, '/profile', { tab: 'reviews' });
    await shown(pageA.getByRole('heading', { name: 'Reviews & Ratings', exact: true }));
    // The reviews list's empty state (the header also says "No reviews yet").
    await shown(pageA.getByText(NO_REVIEWS_YET, { exact: true }));
  });

  it("B reviews A, and A's profile shows it under Reviews & Ratings", async () => {
    await pageB.goto('/profile?tab=barters');
    await eventually(() => textOf(pageB.getByRole('tab', { name: /^Completed \(/ })), 'Completed (1)');
    await review(pageB, ava, 5, 'Great trader, fast and friendly.');

    await pageA.reload();
    await shown(pageA.getByRole('heading', { name: 'Reviews & Ratings', exact: true }));
    const reviews = pageA.getByRole('region', { name: 'Latest reviews' }).getByRole('listitem');
    await eventually(() => reviews.count(), 1);
    const text = await textOf(reviews.first());
    expect(text).toContain('Great trader, fast and friendly.');
    expect(text).toContain('— Ben');
    await shown(reviews.first().getByRole('img', { name: 'Overall: 5 out of 5 stars' }));
    // The rating summary card has no name of its own: it keeps its test id.
    const summary = pageA.getByTestId('card-rating-summary');
    await shown(summary.getByText('5.0', { exact: true }));
    await shown(summary.getByRole('img', { name: 'Average rating: 5 out of 5 stars', exact: true }));
    await shown(summary.getByText('1 review', { exact: true }));
    expect(await pageA.getByText(NO_REVIEWS_YET, { exact: true }).count()).toBe(0);

    // And B's profile shows A's review.
    await pageB.goto('/profile?tab=reviews');
    const theirs = pageB.getByRole('region', { name: 'Latest reviews' }).getByRole('listitem');
    await eventually(() => theirs.count(), 1);
    expect(await textOf(theirs.first())).toContain('Smooth swap, the coat was exactly as described.');
    await shown(pageB.getByTestId('card-rating-summary').getByText('4.0', { exact: true }));
  });
});

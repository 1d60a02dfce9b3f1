import type { BrowserContext, Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations } from './support/axe';
import { openBrowser } from './support/browser';
import {
  type ApiItem,
  eventually,
  expectLocation,
  gone,
  listItemViaApi,
  type Member,
  type NewListing,
  registerMember,
  shown,
  textOf,
  uniqueWord,
  uploadPhoto,
} from './support/journeys';
import type { TradeRequest } from '@common/api/trades';

const listing = (title: string): NewListing => ({
  title,
  category: 'clothing',
  gender: 'women',
  condition: 'good',
  brand: 'COS',
  size: 'M',
  estimatedValue: 5000,
});

/** Whether the conversation's list is scrolled to its end (the newest message in view). */
async function atBottom(chat: Locator): Promise<boolean> {
  return chat
    .getByRole('region')
    .first()
    .evaluate((element) => element.scrollHeight - element.scrollTop - element.clientHeight < 4);
}

/**
 * A chat that behaves like a messaging app: each conversation at /messages/{id}, Back on a phone
 * closes it, barter events one line each that open onto their card, the counter-offer's note as
 * its author's message, the inbox preview from the reader's side, the newest message in view after
 * photos load, and a message typed offline that waits, then goes once. Ava is on a 375 px phone,
 * Ben on a 1280 px desktop.
 */
describe('chat as a messaging app', () => {
  let phone: Page;
  let phoneContext: BrowserContext;
  let desktop: Page;
  let ava: Member;
  let ben: Member;
  let coat: ApiItem;
  let conversationId: string;
  let trade: TradeRequest;
  const note = `Just the ${uniqueWord('Nt')} one, maybe?`;
  /** The open chat, named after the member on the other side (Ben for Ava's phone, Ava for Ben). */
  const chatOf = (page: Page) =>
    page.getByRole('dialog', { name: page === phone ? ben.publicName : ava.publicName, exact: true });
  /** The conversation in the inbox: a button named for the member, the coat and the last message. */
  const inboxRow = (page: Page) => page.getByRole('button', { name: coat.title });
  /**
   * The barter events' one-line summaries, in order. A line is plain text in the summary of its
   * collapsed card, with no role of its own: the list is read by test id.
   */
  const eventLines = (chat: Locator) => chat.getByTestId('text-trade-event').allTextContents();

  beforeAll(async () => {
    ({ page: phone, context: phoneContext } = await openBrowser({ width: 375, height: 740 }));
    desktop = (await openBrowser()).page;
    [ava, ben] = await Promise.all([
      registerMember(phone, 'Ava', 'Reyes'),
      registerMember(desktop, 'Ben', 'Owens'),
    ]);
    const [wanted, first, second] = await Promise.all([
      listItemViaApi(desktop, listing(`${uniqueWord('Cm')} wool coat`)),
      listItemViaApi(phone, listing(`${uniqueWord('Cm')} silk scarf`)),
      listItemViaApi(phone, listing(`${uniqueWord('Cm')} linen shirt`)),
    ]);
    coat = wanted;
    const made = await phone.request.post('/api/trade-requests', {
      data: { requestedItemIds: [coat.id], offeredItemIds: [first.id, second.id] },
    });
    expect(made.status(), await made.text()).toBe(201);
    trade = (await made.json()) as TradeRequest;
    const found = await phone.request.post('/api/conversations/find-or-create', {
      data: { otherUserId: ben.id, relatedItemId: coat.id },
    });
    expect(found.ok(), await found.text()).toBe(true);
    conversationId = ((await found.json()) as { id: string }).id;
  });

  it('the inbox previews a barter request from each reader’s side', async () => {
    await desktop.goto('/messages');
    const rowBen = inboxRow(desktop);
    await shown(rowBen);
    expect(await textOf(rowBen)).toContain(`${ava.publicName} sent you a barter request`);
    await phone.goto('/messages');
    const rowAva = inboxRow(phone);
    await shown(rowAva);
    expect(await textOf(rowAva)).toContain(`You sent ${ben.publicName} a barter request`);
    expect(await seriousViolations(phone)).toEqual([]);
    expect(await seriousViolations(desktop)).toEqual([]);
  });

  it('a visitor at a conversation’s address is asked to sign in; a stranger is told it is not theirs', async () => {
    const visitor = (await openBrowser({ width: 375, height: 740 })).page;
    await visitor.goto(`/messages/${conversationId}`);
    await shown(visitor.getByRole('heading', { level: 1, name: 'Sign in to read your messages' }));
    expect(await visitor.getByRole('dialog').count()).toBe(0);
    await registerMember(visitor, 'Cleo', 'Stone');
    await visitor.goto(`/messages/${conversationId}`);
    // Not hers: the chat has no member to be named after.
    const chat = visitor.getByRole('dialog', { name: 'Conversation', exact: true });
    await shown(chat.getByText("This conversation doesn't exist or isn't yours.", { exact: true }));
    expect(await chat.getByRole('textbox').count()).toBe(0);
    await chat.getByRole('button', { name: 'Back to messages' }).click();
    await gone(chat);
    await expectLocation(visitor, '/messages');
  });

  it('Ben counters with a note, Ava accepts, Ben ships: one line each, the note as Ben’s message', async () => {
    const countered = await desktop.request.post(`/api/trade-requests/${trade.id}/counter`, {
      data: {
        requestedItemIds: [coat.id],
        offeredItemIds: [trade.offeredItems[0]?.id],
        message: note,
      },
    });
    expect(countered.status(), await countered.text()).toBe(200);
    const latest = (await countered.json()) as TradeRequest;
    const accepted = await phone.request.patch(`/api/trade-requests/${trade.id}`, {
      data: { status: 'accepted', termsVersion: latest.termsVersion },
    });
    expect(accepted.status(), await accepted.text()).toBe(200);
    const shipped = await desktop.request.post(`/api/trade-requests/${trade.id}/shipment`, {
      data: { carrier: 'dhl', trackingNumber: 'JD 0146 0000 1234' },
    });
    expect(shipped.status(), await shipped.text()).toBe(200);

    // Ava, on her phone, opens the conversation from the inbox: it has its own address.
    await phone.goto('/messages');
    await inboxRow(phone).click();
    const chat = chatOf(phone);
    await shown(chat);
    await expectLocation(phone, `/messages/${conversationId}`);
    await shown(chat.getByText(`${ben.publicName} shipped with DHL`, { exact: true }));
    const lines = await eventLines(chat);
    expect(lines).toEqual([
      'You sent a request · 2 items for 1',
      `${ben.publicName} countered · 1 item for 1`,
      'You accepted the swap',
      `${ben.publicName} shipped with DHL`,
    ]);
    // The note is Ben's message, right after his counter-offer.
    const noteBubble = chat.locator('li[data-own="false"]', { hasText: note });
    await shown(noteBubble);
    // The full card is one tap away, and closed until then.
    const headline = chat.getByText(`${ben.publicName} made a counter-offer`, { exact: true });
    expect(await headline.isVisible()).toBe(false);
    await chat.getByText(`${ben.publicName} countered · 1 item for 1`, { exact: true }).click();
    await shown(headline);
    expect(await seriousViolations(phone, '[role="dialog"]')).toEqual([]);
  });

  it('on the phone, Back closes the chat and shows the inbox; nothing else changes', async () => {
    await phone.goBack();
    await gone(chatOf(phone));
    await expectLocation(phone, '/messages');
    await shown(inboxRow(phone));
    // Forward opens it again.
    await phone.goForward();
    await shown(chatOf(phone));
    await expectLocation(phone, `/messages/${conversationId}`);
  });

  it('the newest message stays in view after a photo loads, on both widths', async () => {
    await desktop.goto(`/messages/${conversationId}`);
    const chatBen = chatOf(desktop);
    await shown(chatBen);
    await shown(chatBen.getByText('You shipped with DHL', { exact: true }));
    const imageId = (await uploadPhoto(desktop)).replace('/images/', '');
    const sent = await desktop.request.post('/api/messages', {
      data: { conversationId, imageId, content: 'How it looked when I packed it' },
    });
    expect(sent.status(), await sent.text()).toBe(201);
    for (const page of [phone, desktop]) {
      const photo = chatOf(page)
        .getByRole('link', { name: /^Photo from .*; opens full size$/ })
        .last();
      await shown(photo);
      await eventually(
        () => photo.locator('img').evaluate((img) => (img as HTMLImageElement).naturalWidth > 0),
        true,
      );
      await eventually(() => atBottom(chatOf(page)), true);
    }
    expect(await seriousViolations(desktop, '[role="dialog"]')).toEqual([]);
  });

  it('offline, the conversation stays and a message waits, then goes once when back online', async () => {
    const chat = chatOf(phone);
    await phoneContext.setOffline(true);
    await shown(
      chat.getByText("You're offline: messages will be sent when you're back online.", { exact: true }),
    );
    const text = `Sent from the ${uniqueWord('Tn')} tunnel`;
    const input = chat.getByRole('textbox', { name: `Message ${ben.publicName}` });
    await input.fill(text);
    await phone.keyboard.press('Enter');
    // The message that waits is marked so, in the conversation's list.
    const waiting = chat.getByRole('listitem').filter({ hasText: 'Waiting to send' });
    await shown(waiting);
    expect(await textOf(waiting)).toContain(text);
    await shown(waiting.getByText('Waiting to send', { exact: true }));
    // What was loaded is still there, with no error screen.
    await shown(chat.getByText(`${ben.publicName} shipped with DHL`, { exact: true }));
    expect(await chat.getByText('Messages are unavailable right now.').count()).toBe(0);
    expect(await seriousViolations(phone, '[role="dialog"]')).toEqual([]);

    await phoneContext.setOffline(false);
    await gone(waiting);
    await shown(chat.locator('li[data-own="true"]', { hasText: text }));
    // Ben gets it live, once.
    await eventually(() => chatOf(desktop).locator('li[data-own="false"]', { hasText: text }).count(), 1);
    const stored = await desktop.request.get(`/api/conversations/${conversationId}`);
    const messages = ((await stored.json()) as { messages: Array<{ content: string }> }).messages;
    expect(messages.filter((message) => message.content === text)).toHaveLength(1);
    await eventually(() => atBottom(chat), true);
  });

  it('on the desktop, closing a chat opened at its address leaves the inbox', async () => {
    await desktop.keyboard.press('Escape');
    await gone(chatOf(desktop));
    await expectLocation(desktop, '/messages');
    await shown(inboxRow(desktop));
    expect(await seriousViolations(desktop)).toEqual([]);
  });
});

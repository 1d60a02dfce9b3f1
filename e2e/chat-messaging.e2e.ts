import type { BrowserContext, Page } from 'playwright-core';
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
async function atBottom(chat: ReturnType<Page['getByTestId']>): Promise<boolean> {
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
  const chatOf = (page: Page) => page.getByTestId('dialog-chat');

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
    const rowBen = desktop.getByTestId(`conversation-${conversationId}`);
    await shown(rowBen);
    expect(await textOf(rowBen)).toContain(`${ava.publicName} sent you a barter request`);
    await phone.goto('/messages');
    const rowAva = phone.getByTestId(`conversation-${conversationId}`);
    await shown(rowAva);
    expect(await textOf(rowAva)).toContain(`You sent ${ben.publicName} a barter request`);
    expect(await seriousViolations(phone)).toEqual([]);
    expect(await seriousViolations(desktop)).toEqual([]);
  });

  it('a visitor at a conversation’s address is asked to sign in; a stranger is told it is not theirs', async () => {
    const visitor = (await openBrowser({ width: 375, height: 740 })).page;
    await visitor.goto(`/messages/${conversationId}`);
    await shown(visitor.getByTestId('page-sign-in-prompt'));
    expect(await visitor.getByTestId('dialog-chat').count()).toBe(0);
    await registerMember(visitor, 'Cleo', 'Stone');
    await visitor.goto(`/messages/${conversationId}`);
    await shown(chatOf(visitor).getByTestId('text-chat-not-found'));
    expect(await chatOf(visitor).getByTestId('input-chat-message').count()).toBe(0);
    await chatOf(visitor).getByRole('button', { name: 'Back to messages' }).click();
    await gone(chatOf(visitor));
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
    await phone.getByTestId(`conversation-${conversationId}`).click();
    const chat = chatOf(phone);
    await shown(chat);
    await expectLocation(phone, `/messages/${conversationId}`);
    await shown(chat.getByTestId('card-trade-shipped'));
    const lines = await chat.getByTestId('text-trade-event').allTextContents();
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
    const card = chat.getByTestId('card-trade-countered');
    expect(await card.getByTestId('text-trade-card-status').isVisible()).toBe(false);
    await card.getByTestId('button-trade-event').click();
    await shown(card.getByTestId('text-trade-card-status'));
    expect(await textOf(card.getByTestId('text-trade-card-status'))).toBe(
      `${ben.publicName} made a counter-offer`,
    );
    expect(await seriousViolations(phone, '[data-testid="dialog-chat"]')).toEqual([]);
  });

  it('on the phone, Back closes the chat and shows the inbox; nothing else changes', async () => {
    await phone.goBack();
    await gone(chatOf(phone));
    await expectLocation(phone, '/messages');
    await shown(phone.getByTestId(`conversation-${conversationId}`));
    // Forward opens it again.
    await phone.goForward();
    await shown(chatOf(phone));
    await expectLocation(phone, `/messages/${conversationId}`);
  });

  it('the newest message stays in view after a photo loads, on both widths', async () => {
    await desktop.goto(`/messages/${conversationId}`);
    const chatBen = chatOf(desktop);
    await shown(chatBen);
    await shown(chatBen.getByTestId('card-trade-shipped'));
    const imageId = (await uploadPhoto(desktop)).replace('/images/', '');
    const sent = await desktop.request.post('/api/messages', {
      data: { conversationId, imageId, content: 'How it looked when I packed it' },
    });
    expect(sent.status(), await sent.text()).toBe(201);
    for (const page of [phone, desktop]) {
      const photo = chatOf(page).getByTestId('link-chat-photo').last();
      await shown(photo);
      await eventually(
        () => photo.locator('img').evaluate((img) => (img as HTMLImageElement).naturalWidth > 0),
        true,
      );
      await eventually(() => atBottom(chatOf(page)), true);
    }
    expect(await seriousViolations(desktop, '[data-testid="dialog-chat"]')).toEqual([]);
  });

  it('offline, the conversation stays and a message waits, then goes once when back online', async () => {
    const chat = chatOf(phone);
    await phoneContext.setOffline(true);
    await shown(chat.getByTestId('text-chat-offline'));
    const text = `Sent from the ${uniqueWord('Tn')} tunnel`;
    const input = chat.getByTestId('input-chat-message');
    await input.fill(text);
    await phone.keyboard.press('Enter');
    const waiting = chat.getByTestId('chat-message-waiting');
    await shown(waiting);
    expect(await textOf(waiting)).toContain(text);
    expect(await textOf(waiting.getByTestId('text-waiting-to-send'))).toBe('Waiting to send');
    // What was loaded is still there, with no error screen.
    await shown(chat.getByTestId('card-trade-shipped'));
    expect(await chat.getByText('Messages are unavailable right now.').count()).toBe(0);
    expect(await seriousViolations(phone, '[data-testid="dialog-chat"]')).toEqual([]);

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
    await shown(desktop.getByTestId(`conversation-${conversationId}`));
    expect(await seriousViolations(desktop)).toEqual([]);
  });
});

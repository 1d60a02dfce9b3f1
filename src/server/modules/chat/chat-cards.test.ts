import { markTradeSent } from '../../test-support/builders';
import { asc, inArray, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { DAY_MS } from '../../../common/domain/trade-state';
import { images, messages } from '../../db/schema';
import { listItem, uploadImage } from '../../test-support/fixtures';
import { buildConversation } from '../../test-support/builders';
import { type TestClient, useTestApp } from '../../test-support/test-app';
import { sweepUnattachedImages } from '../images/images.sweep';

const t = useTestApp();

interface Card {
  messageType: string;
  content: string;
  senderId: string;
  trade: {
    tradeId: string;
    event: string;
    actorId: string | null;
    requested: unknown[];
    offered: unknown[];
  };
}

/** Owner Olivia lists a coat; requester Ravi offers boots for it. */
async function requested() {
  const owner = await t.member({ firstName: 'Olivia' });
  const requester = await t.member({ firstName: 'Ravi' });
  const wanted = await listItem(owner, { title: 'Wool Coat' });
  const offered = await listItem(requester, { title: 'Leather Boots' });
  const response = await requester.post('/api/trade-requests', {
    requestedItemId: wanted.id,
    offeredItemId: offered.id,
  });
  expect(response.statusCode).toBe(201);
  return { owner, requester, wanted, offered, tradeId: response.json().id as string };
}

/** The conversation the trade card's 'Message' button opens: the partner, about the requested item. */
async function tradeConversation(client: TestClient, partner: TestClient, itemId: string) {
  const found = await client.post('/api/conversations/find-or-create', {
    otherUserId: partner.user?.id,
    relatedItemId: itemId,
  });
  expect(found.statusCode).toBe(200);
  const id = found.json().id as string;
  return (await client.get(`/api/conversations/${id}`)).json() as {
    id: string;
    unreadCount: number;
    lastMessage: { messageType: string; tradeEvent: string | null };
    messages: Card[];
  };
}

/** A trade's cards as stored, oldest first: [event, actor]. */
async function cardsOf(tradeId: string) {
  const rows = await t.db
    .select({ payload: messages.payload })
    .from(messages)
    .where(sql`${messages.messageType} = 'trade' and ${messages.payload}->>'tradeId' = ${tradeId}`)
    .orderBy(asc(messages.createdAt), asc(messages.id));
  return rows.map((row) => {
    const card = row.payload as Card['trade'];
    return [card.event, card.actorId];
  });
}

describe('barter request cards in the conversation', () => {
  it('a request writes a card into the pair’s conversation about the item, unread for the owner only', async () => {
    const { owner, requester, wanted, tradeId } = await requested();
    const seenByOwner = await tradeConversation(owner, requester, wanted.id);
    expect(seenByOwner.messages).toHaveLength(1);
    const [card] = seenByOwner.messages;
    expect(card).toMatchObject({
      messageType: 'trade',
      content: '',
      senderId: requester.user?.id,
      trade: {
        tradeId,
        event: 'requested',
        actorId: requester.user?.id,
        requested: [{ id: wanted.id, title: 'Wool Coat' }],
        offered: [{ title: 'Leather Boots' }],
      },
    });
    expect(seenByOwner.unreadCount).toBe(1);
    expect(seenByOwner.lastMessage).toMatchObject({ messageType: 'trade', tradeEvent: 'requested' });
    const seenByRequester = await tradeConversation(requester, owner, wanted.id);
    expect(seenByRequester.unreadCount).toBe(0);
    expect((await owner.get('/api/conversations/unread-count')).json().count).toBe(1);
  });

  it('each change of status adds a card naming who acted; an expiry names nobody', async () => {
    const { owner, requester, wanted, tradeId } = await requested();
    expect((await owner.patch(`/api/trade-requests/${tradeId}`, { status: 'accepted' })).statusCode).toBe(
      200,
    );
    await markTradeSent(t, tradeId);
    expect(
      (await requester.post(`/api/trade-requests/${tradeId}/received`, { asDescribed: true })).statusCode,
    ).toBe(200);
    const conversation = await tradeConversation(requester, owner, wanted.id);
    expect(conversation.messages.map((m) => [m.trade.event, m.trade.actorId])).toEqual([
      ['requested', requester.user?.id],
      ['accepted', owner.user?.id],
      ['received', requester.user?.id],
    ]);
    // The owner never confirms: the claim window completes the trade, and its card names nobody.
    await t.app.sweep.run(new Date(Date.now() + 30 * DAY_MS));
    const after = await tradeConversation(owner, requester, wanted.id);
    expect(after.messages.at(-1)?.trade).toMatchObject({ event: 'completed', actorId: null });
  });

  it('a declined request gets its card; an unrelated member sees none of it', async () => {
    const { owner, requester, wanted, tradeId } = await requested();
    expect((await owner.patch(`/api/trade-requests/${tradeId}`, { status: 'declined' })).statusCode).toBe(
      200,
    );
    const conversation = await tradeConversation(requester, owner, wanted.id);
    expect(conversation.messages.at(-1)?.trade).toMatchObject({ event: 'declined', actorId: owner.user?.id });
    const stranger = await t.member();
    expect((await stranger.get(`/api/conversations/${conversation.id}`)).statusCode).toBe(404);
  });

  it('a request ended by another trade’s accept gets a card from the app', async () => {
    const { owner, requester, wanted, tradeId } = await requested();
    const rival = await t.member({ firstName: 'Rita' });
    const rivalOffer = await listItem(rival, { title: 'Silk Scarf' });
    const competing = await rival.post('/api/trade-requests', {
      requestedItemId: wanted.id,
      offeredItemId: rivalOffer.id,
    });
    expect(competing.statusCode).toBe(201);
    expect((await owner.patch(`/api/trade-requests/${tradeId}`, { status: 'accepted' })).statusCode).toBe(
      200,
    );
    expect(await cardsOf(competing.json().id)).toEqual([
      ['requested', rival.user?.id],
      ['declined', null],
    ]);
    const seenByRival = await tradeConversation(rival, owner, wanted.id);
    expect(seenByRival.messages.at(-1)?.trade).toMatchObject({ event: 'declined', actorId: null });
    expect(seenByRival.lastMessage).toMatchObject({ messageType: 'trade', tradeEvent: 'declined' });
    // The accepted trade itself is untouched by that: requested, then accepted.
    expect(await cardsOf(tradeId)).toEqual([
      ['requested', requester.user?.id],
      ['accepted', owner.user?.id],
    ]);
  });

  it('withdrawing an item ends its requests with a card naming who withdrew it', async () => {
    const { requester, offered, tradeId } = await requested();
    expect((await requester.delete(`/api/items/${offered.id}`)).statusCode).toBeLessThan(300);
    expect(await cardsOf(tradeId)).toEqual([
      ['requested', requester.user?.id],
      ['cancelled', requester.user?.id],
    ]);
    const second = await requested();
    expect((await second.owner.delete(`/api/items/${second.wanted.id}`)).statusCode).toBeLessThan(300);
    expect(await cardsOf(second.tradeId)).toEqual([
      ['requested', second.requester.user?.id],
      ['declined', second.owner.user?.id],
    ]);
  });

  it('a block ends the pending requests between the two with a card each', async () => {
    const { owner, requester, tradeId } = await requested();
    expect((await owner.post('/api/blocks', { userId: requester.user?.id })).statusCode).toBe(201);
    expect(await cardsOf(tradeId)).toEqual([
      ['requested', requester.user?.id],
      ['declined', owner.user?.id],
    ]);
  });

  it.each([
    ['trade', { messageType: 'trade', content: 'x' }],
    ['a payload', { content: 'x', payload: { tradeId: 'x', event: 'accepted' } }],
    ['a card', { content: 'x', trade: { tradeId: 'x' } }],
    ['a sender', { content: 'x', senderId: '00000000-0000-4000-8000-000000000000' }],
  ])('refuses a client-made card (%s) and stores nothing', async (_, body) => {
    const { first, conversation } = await buildConversation(t, {});
    const response = await first.post('/api/messages', { conversationId: conversation.id, ...body });
    expect(response.statusCode).toBe(400);
    expect((await first.get(`/api/conversations/${conversation.id}`)).json().messages).toEqual([]);
  });
});

describe('photos in chat', () => {
  it('a member sends a photo alone or with text; only the two members see it', async () => {
    const { first, second, conversation } = await buildConversation(t, {});
    const url = await uploadImage(first);
    const imageId = url.replace('/images/', '');
    const alone = await first.post('/api/messages', { conversationId: conversation.id, imageId });
    expect(alone.statusCode).toBe(201);
    expect(alone.json()).toMatchObject({
      messageType: 'photo',
      content: '',
      photo: { url, thumbnailUrl: `${url}?w=400` },
      trade: null,
    });
    const withText = await first.post('/api/messages', {
      conversationId: conversation.id,
      imageId: (await uploadImage(first)).replace('/images/', ''),
      content: '  The stain, close up  ',
      messageType: 'photo',
    });
    expect(withText.json()).toMatchObject({ messageType: 'photo', content: 'The stain, close up' });
    const seen = (await second.get(`/api/conversations/${conversation.id}`)).json();
    expect(seen.messages.map((m: { messageType: string }) => m.messageType)).toEqual(['photo', 'photo']);
    expect(seen.unreadCount).toBe(2);
    // The recipient's message notification shows the latest text.
    const notes = (await second.get('/api/notifications')).json() as Array<{ type: string; message: string }>;
    expect(notes.find((n) => n.type === 'message')?.message).toBe('The stain, close up');
    const stranger = await t.member();
    expect((await stranger.get(`/api/conversations/${conversation.id}`)).statusCode).toBe(404);
    expect(
      (await stranger.post('/api/messages', { conversationId: conversation.id, imageId })).statusCode,
    ).toBe(404);
  });

  it('refuses visitors, others’ photos, unknown ids, empty messages and hostile input', async () => {
    const { first, second, conversation } = await buildConversation(t, {});
    const theirs = (await uploadImage(second)).replace('/images/', '');
    const post = (body: object, client: TestClient = first) =>
      client.post('/api/messages', { conversationId: conversation.id, ...body });
    expect((await post({ imageId: theirs }, t.visitor())).statusCode).toBe(401);
    const stolen = await post({ imageId: theirs });
    expect(stolen.statusCode).toBe(404);
    expect(stolen.json().message).toBe('Photo not found: upload it first');
    expect((await post({ imageId: '00000000-0000-4000-8000-000000000000' })).statusCode).toBe(404);
    for (const body of [
      {},
      { content: '   ' },
      { imageId: 'not-an-id' },
      { imageId: "'; drop table messages; --" },
      { imageId: ['a'] },
      { imageId: theirs, messageType: 'image' },
      { content: 'x'.repeat(2001), imageId: theirs },
    ]) {
      const response = await post(body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
    }
    expect((await first.get(`/api/conversations/${conversation.id}`)).json().messages).toEqual([]);
  });

  it('a chat photo is in use: the sweep of abandoned uploads keeps it', async () => {
    const { first, conversation } = await buildConversation(t, {});
    const [sent, abandoned] = await Promise.all([uploadImage(first), uploadImage(first)]);
    const ids = [sent, abandoned].map((url) => url.replace('/images/', ''));
    await first.post('/api/messages', { conversationId: conversation.id, imageId: ids[0] });
    await t.db
      .update(images)
      .set({ createdAt: new Date(Date.now() - 2 * DAY_MS) })
      .where(inArray(images.id, ids));
    expect(await sweepUnattachedImages(t.app.services)).toBe(1);
    const left = await t.db.select({ id: images.id }).from(images).where(inArray(images.id, ids));
    expect(left.map((row) => row.id)).toEqual([ids[0]]);
  });
});

describe('notes and details with the cards', () => {
  it('the note written with a request or counter-offer follows its card as the author’s message', async () => {
    const owner = await t.member({ firstName: 'Olivia' });
    const requester = await t.member({ firstName: 'Ravi' });
    const wanted = await listItem(owner, { title: 'Wool Coat' });
    const [boots, scarf] = await Promise.all([
      listItem(requester, { title: 'Leather Boots' }),
      listItem(requester, { title: 'Silk Scarf' }),
    ]);
    const made = await requester.post('/api/trade-requests', {
      requestedItemIds: [wanted.id],
      offeredItemIds: [boots.id],
      message: 'Worn twice, and they fit a 39',
    });
    expect(made.statusCode).toBe(201);
    const tradeId = made.json().id as string;
    const counter = await owner.post(`/api/trade-requests/${tradeId}/counter`, {
      requestedItemIds: [wanted.id],
      offeredItemIds: [boots.id, scarf.id],
      message: 'Add the scarf and it is a deal',
    });
    expect(counter.statusCode).toBe(200);
    // A counter-offer without a note of its own adds no message (the default text stays on the trade).
    const back = await requester.post(`/api/trade-requests/${tradeId}/counter`, {
      requestedItemIds: [wanted.id],
      offeredItemIds: [boots.id],
    });
    expect(back.statusCode).toBe(200);

    const conversation = await tradeConversation(owner, requester, wanted.id);
    expect(
      conversation.messages.map((m) => [m.messageType, m.senderId, m.trade?.event ?? m.content]),
    ).toEqual([
      ['trade', requester.user?.id, 'requested'],
      ['text', requester.user?.id, 'Worn twice, and they fit a 39'],
      ['trade', owner.user?.id, 'countered'],
      ['text', owner.user?.id, 'Add the scarf and it is a deal'],
      ['trade', requester.user?.id, 'countered'],
    ]);
    expect(conversation.messages[0]?.trade).toMatchObject({ requesterId: requester.user?.id });
    // Each note is its author's: unread for the other party only.
    const seenByRequester = await tradeConversation(requester, owner, wanted.id);
    expect(seenByRequester.unreadCount).toBe(2);
  });

  it('a shipped card names the carrier', async () => {
    const { owner, requester, wanted, tradeId } = await requested();
    expect((await owner.patch(`/api/trade-requests/${tradeId}`, { status: 'accepted' })).statusCode).toBe(
      200,
    );
    const shipped = await owner.post(`/api/trade-requests/${tradeId}/shipment`, {
      carrier: 'dhl',
      trackingNumber: 'JD 0146 0000 1234',
    });
    expect(shipped.statusCode).toBe(200);
    const conversation = await tradeConversation(requester, owner, wanted.id);
    expect(conversation.messages.at(-1)?.trade).toMatchObject({
      event: 'shipped',
      actorId: owner.user?.id,
      carrier: 'dhl',
    });
  });
});

import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { Message, TradeCard } from '../../../common/api/chat';
import type { Tx } from '../../db/connect';
import { conversations, items, messages, tradeRequestItems, tradeRequests } from '../../db/schema';
import type { ArgOf } from '../../lib/domain-events';
import { presentMessage } from './chat.presenter';

/**
 * Writes a barter request's card into the two parties' conversation about it, in the transaction
 * that changed the trade (docs/product.md § Chat). It is the conversation the trade card's 'Message'
 * button opens: the pair and the trade's (first) requested item; it is created if missing. The card
 * holds structured data only (the trade, the event, who acted, both sides' titles and first photos),
 * which the client words in the reader's language. Its sender is the member who acted, so that it
 * counts as unread for the other party only; a card nobody acted for (an expiry) is sent as the
 * requester's, and is unread for the owner. The note written with a request or counter-offer
 * follows the card as the actor's own text message (written here only, so it is never doubled).
 *
 * Only the server writes cards: the send routes accept no 'trade' type.
 */
export async function writeTradeCard(
  tx: Tx,
  event: ArgOf<'trade.changed'>,
): Promise<{ messages: Message[]; participants: string[] } | null> {
  const [trade] = await tx
    .select({
      requesterId: tradeRequests.requesterId,
      ownerId: tradeRequests.ownerId,
      requestedItemId: tradeRequests.requestedItemId,
      requesterShipment: tradeRequests.requesterShipment,
      ownerShipment: tradeRequests.ownerShipment,
    })
    .from(tradeRequests)
    .where(eq(tradeRequests.id, event.tradeId));
  if (!trade) return null;
  const sides = await tx
    .select({
      side: tradeRequestItems.side,
      id: items.id,
      title: items.title,
      imageUrl: sql<string | null>`${items.images}[1]`,
    })
    .from(tradeRequestItems)
    .innerJoin(items, eq(items.id, tradeRequestItems.itemId))
    .where(eq(tradeRequestItems.tradeRequestId, event.tradeId))
    .orderBy(asc(tradeRequestItems.side), asc(tradeRequestItems.position));
  const card: TradeCard = {
    tradeId: event.tradeId,
    event: event.event,
    actorId: event.actorId,
    requested: sides.filter((row) => row.side === 'requested').map(({ side: _, ...item }) => item),
    offered: sides.filter((row) => row.side === 'offered').map(({ side: _, ...item }) => item),
    requesterId: trade.requesterId,
  };
  if (event.event === 'shipped' && event.actorId) {
    const shipment = event.actorId === trade.ownerId ? trade.ownerShipment : trade.requesterShipment;
    card.carrier = shipment?.carrier ?? null;
  }
  const [first, second] = [trade.requesterId, trade.ownerId].sort() as [string, string];
  await tx
    .insert(conversations)
    .values({ participant1Id: first, participant2Id: second, relatedItemId: trade.requestedItemId })
    .onConflictDoNothing();
  const [conversation] = await tx
    .select({ id: conversations.id })
    .from(conversations)
    .where(
      and(
        eq(conversations.participant1Id, first),
        eq(conversations.participant2Id, second),
        eq(conversations.relatedItemId, trade.requestedItemId),
        isNull(conversations.ringId),
      ),
    );
  if (!conversation) throw new Error('trade conversation neither inserted nor found');
  const [row] = await tx
    .insert(messages)
    .values({
      conversationId: conversation.id,
      senderId: event.actorId ?? trade.requesterId,
      content: '',
      messageType: 'trade',
      payload: card,
    })
    .returning();
  if (!row) throw new Error('trade card insert returned nothing');
  const sent = [presentMessage(row)];
  let last = row.createdAt;
  // The note the member wrote with a request or counter-offer is their message, just after the card.
  const note = event.note?.trim();
  if (note && event.actorId) {
    const [noteRow] = await tx
      .insert(messages)
      .values({
        conversationId: conversation.id,
        senderId: event.actorId,
        content: note,
        messageType: 'text',
        createdAt: new Date(row.createdAt.getTime() + 1),
      })
      .returning();
    if (!noteRow) throw new Error('trade note insert returned nothing');
    sent.push(presentMessage(noteRow));
    last = noteRow.createdAt;
  }
  await tx.update(conversations).set({ lastMessageAt: last }).where(eq(conversations.id, conversation.id));
  return { messages: sent, participants: [first, second] };
}

import type { ServiceContext } from '../../lib/service-context';
import { markPairNoticesRead } from './chat.service';
import { createRingConversation } from './group-chat.service';
import { writeTradeCard } from './trade-cards';

/**
 * A proposed swap ring gets its group conversation in the same transaction (decision 009). A change
 * to a barter request writes its card into the parties' conversation in the trade's transaction,
 * and once committed the card goes to their sockets like any message (without a message
 * notification: the trade sends its own). A block reads the pair's message notifications, and
 * both members' open pages hear that their counts changed (the inbox drops the conversations).
 */
export function registerChatListeners(ctx: ServiceContext) {
  ctx.events.inTransaction('ring.proposed', async (event, tx) => {
    await createRingConversation(tx, event.ringId, event.memberIds);
  });
  // Blocked either way: the pair's message notifications leave the bell with their conversations.
  ctx.events.inTransaction('member.blocked', async (event, tx, effects) => {
    await markPairNoticesRead(tx, event.memberId, event.blockedId);
    for (const memberId of [event.memberId, event.blockedId])
      effects.after(() => ctx.events.committed('notifications.read', { memberId }));
  });
  ctx.events.inTransaction('trade.changed', async (event, tx, effects) => {
    const written = await writeTradeCard(tx, event);
    if (!written) return;
    const { messages, participants } = written;
    effects.after(async () => {
      for (const message of messages)
        await ctx.events.committed('message.sent', { message, participants, notification: null });
    });
  });
}

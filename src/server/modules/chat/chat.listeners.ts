import type { ServiceContext } from '../../lib/service-context';
import { createRingConversation } from './group-chat.service';

/** A proposed swap ring gets its group conversation in the same transaction (decision 009). */
export function registerChatListeners(ctx: ServiceContext) {
  ctx.events.inTransaction('ring.proposed', async (event, tx) => {
    await createRingConversation(tx, event.ringId, event.memberIds);
  });
}

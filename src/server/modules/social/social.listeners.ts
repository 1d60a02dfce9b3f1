import type { ServiceContext } from '../../lib/service-context';
import { endFriendshipBetween } from './friendships.service';

/** A block ends the friendship and any pending friend request between the two, with the block. */
export function registerSocialListeners(ctx: ServiceContext) {
  ctx.events.inTransaction('member.blocked', (event, tx) =>
    endFriendshipBetween(tx, event.memberId, event.blockedId),
  );
}

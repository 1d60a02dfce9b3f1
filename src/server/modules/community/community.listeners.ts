import type { ServiceContext } from '../../lib/service-context';
import { admitNewMember } from './invitations.service';

/** Who may join (registration: open, invite, domains) is checked in the transaction that creates the account. */
export function registerCommunityListeners(ctx: ServiceContext) {
  ctx.events.inTransaction('member.joining', (event, tx) => admitNewMember(tx, ctx.communitySeed, event));
}

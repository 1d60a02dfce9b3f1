import type { UserSummary } from '@common/api/users';
import { relationshipWith, useNetwork } from '../api';
import { ConnectButton } from './connect-button';

/** Connect with a member from their profile: the button reads where the two stand from the network. */
export function MemberConnectButton({ user, className }: { user: UserSummary; className?: string }) {
  const network = useNetwork();
  return (
    <ConnectButton
      user={user}
      relationship={relationshipWith(network.data, user.id)}
      testId="button-connect-member"
      className={className}
    />
  );
}

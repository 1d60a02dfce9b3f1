import type { UserSummary } from '@common/api/users';
import { Check, Clock, UserCheck, UserPlus } from 'lucide-react';
import { Link } from 'wouter';
import { Button } from '@client/components/ui/button';
import { cn } from '@client/lib/utils';
import { useConnectMutation, type Relationship } from '../api';

/**
 * Connect with a member. Once a request is on its way (or the network already links the two)
 * the button becomes a status: 'Request sent', 'Friends', or a way to answer their request.
 */
export function ConnectButton({
  user,
  relationship,
  testId,
  className,
  compact = false,
}: {
  user: UserSummary;
  relationship: Relationship;
  testId: string;
  className?: string;
  /** Short labels, for a button beside a name in a narrow card. */
  compact?: boolean;
}) {
  const connect = useConnectMutation();
  const name = user.firstName;

  if (relationship === 'friend') {
    return (
      <Button
        variant="secondary"
        className={cn('disabled:opacity-100', className)}
        disabled
        data-testid={testId}
      >
        <UserCheck aria-hidden="true" />
        Friends<span className="sr-only"> with {name}</span>
      </Button>
    );
  }
  if (relationship === 'incoming') {
    return (
      <Button asChild variant="outline" className={className}>
        <Link href="/social?tab=network" data-testid={testId}>
          <Clock aria-hidden="true" />
          {compact ? (
            <>
              Respond<span className="sr-only"> to {name}&apos;s friend request</span>
            </>
          ) : (
            `Answer ${name}'s request`
          )}
        </Link>
      </Button>
    );
  }
  if (relationship === 'outgoing' || connect.isSuccess) {
    return (
      <Button
        variant="secondary"
        className={cn('disabled:opacity-100', className)}
        disabled
        data-testid={testId}
      >
        <Check aria-hidden="true" />
        {compact ? 'Sent' : 'Request sent'}
        <span className="sr-only"> to {name}</span>
      </Button>
    );
  }
  return (
    <Button
      className={className}
      disabled={connect.isPending}
      onClick={() => connect.mutate(user.id)}
      data-testid={testId}
    >
      <UserPlus aria-hidden="true" />
      {connect.isPending ? 'Sending...' : 'Connect'}
      <span className="sr-only"> with {name}</span>
    </Button>
  );
}

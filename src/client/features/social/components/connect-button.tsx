import type { UserSummary } from '@common/api/users';
import { Check, Clock, UserCheck, UserPlus } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
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
  const { t } = useTranslation('social');
  const connect = useConnectMutation();
  const name = user.firstName;

  if (relationship === 'friend') {
    return (
      <SettledButton className={className} testId={testId}>
        <UserCheck aria-hidden="true" />
        {t('connect.friends')}
        <span className="sr-only"> {t('connect.friendsWith', { name })}</span>
      </SettledButton>
    );
  }
  if (relationship === 'incoming') {
    return (
      <Button asChild variant="outline" className={className}>
        <Link href="/social?tab=network" data-testid={testId}>
          <Clock aria-hidden="true" />
          {compact ? (
            <>
              {t('connect.respond')}
              <span className="sr-only"> {t('connect.respondTo', { name })}</span>
            </>
          ) : (
            t('connect.answer', { name })
          )}
        </Link>
      </Button>
    );
  }
  if (relationship === 'outgoing' || connect.isSuccess) {
    return (
      <SettledButton className={className} testId={testId}>
        <Check aria-hidden="true" />
        {compact ? t('connect.sent') : t('connect.requestSent')}
        <span className="sr-only"> {t('connect.toName', { name })}</span>
      </SettledButton>
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
      {connect.isPending ? t('connect.sending') : t('connect.connect')}
      <span className="sr-only"> {t('connect.connectWith', { name })}</span>
    </Button>
  );
}

/** A state the member cannot act on (friends already, request sent): a disabled button at full strength. */
function SettledButton({
  className,
  testId,
  children,
}: {
  className?: string;
  testId: string;
  children: ReactNode;
}) {
  return (
    <Button
      variant="secondary"
      className={cn('disabled:opacity-100', className)}
      disabled
      data-testid={testId}
    >
      {children}
    </Button>
  );
}

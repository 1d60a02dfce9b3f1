import type { Network } from '@common/api/social';
import type { UserSummary } from '@common/api/users';
import { displayName } from '@common/domain/display-name';
import { Check, Inbox, Send, UserMinus, Users, X } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { Badge } from '@client/components/ui/badge';
import { Button } from '@client/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@client/components/ui/card';
import { DialogClose, DialogFooter } from '@client/components/ui/dialog';
import { DialogShell } from '@client/components/ui/dialog-shell';
import { Skeleton } from '@client/components/ui/skeleton';
import { useFormat } from '@client/i18n/format';
import { cn } from '@client/lib/utils';
import { useNetwork, useRemoveConnectionMutation, useRespondToRequestMutation } from '../api';
import { MemberAvatar, memberProfileHref } from './member-avatar';
import { EmptyState } from '@client/components/ui/empty-state';
import { SocialLoadError } from './social-load-error';

/** The My Network tab: requests to answer, friends, and requests the member is waiting on. */
export function NetworkTab() {
  const { t } = useTranslation('social');
  const network = useNetwork();

  if (network.isPending) return <NetworkSkeletons />;
  if (network.isError)
    return <SocialLoadError message={t('network.loadError')} onRetry={() => void network.refetch()} />;

  const { friends, incoming, outgoing } = network.data;
  // One clock for the whole tab, so neighbouring rows never disagree.
  const now = new Date();

  return (
    <div className="grid grid-cols-1 gap-6 lg:grid-cols-2 lg:items-start">
      <div className="grid grid-cols-1 gap-6">
        <IncomingRequests requests={incoming} now={now} />
        <OutgoingRequests requests={outgoing} now={now} />
      </div>
      <Friends friends={friends} />
    </div>
  );
}

function NetworkSection({
  id,
  icon: Icon,
  title,
  count,
  children,
}: {
  id: string;
  icon: typeof Users;
  title: string;
  count: number;
  children: ReactNode;
}) {
  return (
    <Card aria-labelledby={id} role="region">
      <CardHeader className="pb-4">
        <CardTitle className="flex items-center gap-2 text-base">
          <Icon className="size-5 text-primary" aria-hidden="true" />
          <span id={id}>{title}</span>
          <Badge variant="secondary">{count}</Badge>
        </CardTitle>
      </CardHeader>
      <CardContent>{children}</CardContent>
    </Card>
  );
}

/**
 * Avatar, linked name and a line of detail, with the actions at the end. Several actions
 * (Accept and Decline) move below the name on narrow screens.
 */
function MemberRow({
  user,
  detail,
  actions,
  testId,
  stackActions = false,
}: {
  user: UserSummary;
  detail: ReactNode;
  actions: ReactNode;
  testId: string;
  stackActions?: boolean;
}) {
  return (
    <li
      className="flex flex-wrap items-center gap-x-3 gap-y-2 py-3 first:pt-0 last:pb-0"
      data-testid={testId}
    >
      <MemberAvatar user={user} className="size-10" />
      <div className="min-w-0 flex-1">
        <p className="truncate text-sm font-semibold">
          <Link
            href={memberProfileHref(user.id)}
            className="rounded-sm hover:underline focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
          >
            {displayName(user)}
          </Link>
        </p>
        <p className="text-xs text-muted-foreground">{detail}</p>
      </div>
      <div className={cn('flex gap-2', stackActions && 'w-full pl-13 sm:w-auto sm:pl-0')}>{actions}</div>
    </li>
  );
}

function TimeAgo({ value, now }: { value: string; now: Date }) {
  const format = useFormat();
  return (
    <time dateTime={value} title={format.date(value)}>
      {format.relative(value, now)}
    </time>
  );
}

function IncomingRequests({ requests, now }: { requests: Network['incoming']; now: Date }) {
  const { t } = useTranslation('social');
  const respond = useRespondToRequestMutation();
  const busy = (requestId: string) => respond.isPending && respond.variables.requestId === requestId;

  return (
    <NetworkSection
      id="incoming-requests-heading"
      icon={Inbox}
      title={t('network.incoming.title')}
      count={requests.length}
    >
      {requests.length === 0 ? (
        <EmptyState
          icon={Inbox}
          title={t('network.incoming.emptyTitle')}
          description={t('network.incoming.emptyText')}
          className="py-8"
          testId="empty-incoming-requests"
        />
      ) : (
        <ul className="divide-y">
          {requests.map((request) => {
            const name = displayName(request.user);
            return (
              <MemberRow
                key={request.id}
                user={request.user}
                testId={`incoming-${request.id}`}
                stackActions
                detail={
                  <>
                    {t('network.incoming.wantsToConnect')} · <TimeAgo value={request.createdAt} now={now} />
                  </>
                }
                actions={
                  <>
                    <Button
                      size="sm"
                      className="flex-1 sm:flex-none"
                      disabled={busy(request.id)}
                      onClick={() =>
                        respond.mutate({ requestId: request.id, user: request.user, accept: true })
                      }
                      aria-label={t('network.incoming.acceptLabel', { name })}
                      data-testid={`button-accept-friend-${request.id}`}
                    >
                      <Check aria-hidden="true" />
                      {t('network.incoming.accept')}
                    </Button>
                    <Button
                      size="sm"
                      variant="outline"
                      className="flex-1 sm:flex-none"
                      disabled={busy(request.id)}
                      onClick={() =>
                        respond.mutate({ requestId: request.id, user: request.user, accept: false })
                      }
                      aria-label={t('network.incoming.declineLabel', { name })}
                      data-testid={`button-decline-friend-${request.id}`}
                    >
                      <X aria-hidden="true" />
                      {t('network.incoming.decline')}
                    </Button>
                  </>
                }
              />
            );
          })}
        </ul>
      )}
    </NetworkSection>
  );
}

function OutgoingRequests({ requests, now }: { requests: Network['outgoing']; now: Date }) {
  const { t } = useTranslation('social');
  const withdraw = useRemoveConnectionMutation();
  const busy = (userId: string) => withdraw.isPending && withdraw.variables.user.id === userId;

  return (
    <NetworkSection
      id="outgoing-requests-heading"
      icon={Send}
      title={t('network.outgoing.title')}
      count={requests.length}
    >
      {requests.length === 0 ? (
        <EmptyState
          icon={Send}
          title={t('network.outgoing.emptyTitle')}
          description={
            <Trans
              i18nKey="network.outgoing.emptyText"
              ns="social"
              components={{
                pageLink: (
                  <Link
                    href="/social?tab=recommendations"
                    className="font-medium text-primary underline-offset-4 hover:underline"
                  />
                ),
              }}
            />
          }
          className="py-8"
          testId="empty-outgoing-requests"
        />
      ) : (
        <ul className="divide-y">
          {requests.map((request) => (
            <MemberRow
              key={request.id}
              user={request.user}
              testId={`outgoing-${request.id}`}
              detail={
                <>
                  {t('network.outgoing.pending')} · <TimeAgo value={request.createdAt} now={now} />
                </>
              }
              actions={
                <Button
                  size="sm"
                  variant="ghost"
                  disabled={busy(request.user.id)}
                  onClick={() => withdraw.mutate({ user: request.user, kind: 'request' })}
                  aria-label={t('network.outgoing.withdrawLabel', { name: displayName(request.user) })}
                  data-testid={`button-withdraw-request-${request.id}`}
                >
                  <X aria-hidden="true" />
                  <span className="sr-only sm:not-sr-only">{t('network.outgoing.withdraw')}</span>
                </Button>
              }
            />
          ))}
        </ul>
      )}
    </NetworkSection>
  );
}

function Friends({ friends }: { friends: Network['friends'] }) {
  const { t } = useTranslation('social');
  const format = useFormat();
  const remove = useRemoveConnectionMutation();
  const [confirming, setConfirming] = useState<UserSummary | null>(null);
  const busy = (userId: string) => remove.isPending && remove.variables.user.id === userId;

  return (
    <NetworkSection
      id="friends-heading"
      icon={Users}
      title={t('network.friends.title')}
      count={friends.length}
    >
      {friends.length === 0 ? (
        <EmptyState
          icon={Users}
          title={t('network.friends.emptyTitle')}
          description={t('network.friends.emptyText')}
          action={
            <Button asChild size="sm">
              <Link href="/social?tab=recommendations">{t('network.friends.findTraders')}</Link>
            </Button>
          }
          className="py-8"
          testId="empty-friends"
        />
      ) : (
        <ul className="divide-y">
          {friends.map((friend) => (
            <MemberRow
              key={friend.friendshipId}
              user={friend.user}
              testId={`friend-${friend.user.id}`}
              detail={t('network.friends.since', { date: format.monthYear(friend.since) })}
              actions={
                <Button
                  size="sm"
                  variant="ghost"
                  className="text-muted-foreground hover:text-destructive"
                  disabled={busy(friend.user.id)}
                  onClick={() => setConfirming(friend.user)}
                  aria-label={t('network.friends.removeLabel', { name: displayName(friend.user) })}
                  data-testid={`button-remove-friend-${friend.user.id}`}
                >
                  <UserMinus aria-hidden="true" />
                  <span className="sr-only sm:not-sr-only">{t('network.friends.remove')}</span>
                </Button>
              }
            />
          ))}
        </ul>
      )}

      <DialogShell
        open={confirming !== null}
        onOpenChange={(open) => !open && setConfirming(null)}
        className="max-w-md"
        title={t('network.friends.confirmTitle')}
        description={t('network.friends.confirmText', {
          name: confirming ? displayName(confirming) : t('network.friends.thisMember'),
        })}
      >
        <DialogFooter>
          <DialogClose asChild>
            <Button variant="outline">{t('common:actions.cancel')}</Button>
          </DialogClose>
          <Button
            variant="destructive"
            onClick={() => {
              if (confirming) remove.mutate({ user: confirming, kind: 'friend' });
              setConfirming(null);
            }}
            data-testid="button-confirm-remove-friend"
          >
            <UserMinus aria-hidden="true" />
            {t('network.friends.confirm')}
          </Button>
        </DialogFooter>
      </DialogShell>
    </NetworkSection>
  );
}

function NetworkSkeletons() {
  const { t } = useTranslation('social');
  return (
    <div className="grid grid-cols-1 gap-6 lg:grid-cols-2" role="status" aria-label={t('network.loading')}>
      {Array.from({ length: 2 }, (_, section) => (
        <Card key={section} className="p-6">
          <Skeleton className="mb-6 h-5 w-40" />
          <div className="space-y-5">
            {Array.from({ length: 3 }, (_, row) => (
              <div key={row} className="flex items-center gap-3">
                <Skeleton className="size-10 rounded-full" />
                <div className="flex-1 space-y-2">
                  <Skeleton className="h-4 w-32" />
                  <Skeleton className="h-3 w-24" />
                </div>
                <Skeleton className="h-9 w-20" />
              </div>
            ))}
          </div>
        </Card>
      ))}
    </div>
  );
}

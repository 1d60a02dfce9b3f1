import { initials } from '@common/domain/display-name';
import { formatReturnDate } from '@common/domain/holiday';
import { ArrowLeft, Package, Palmtree, UserX } from 'lucide-react';
import { Link } from 'wouter';
import { Avatar, AvatarFallback, AvatarImage } from '@client/components/ui/avatar';
import { Button } from '@client/components/ui/button';
import { Card, CardContent } from '@client/components/ui/card';
import { Skeleton } from '@client/components/ui/skeleton';
import { ItemGrid } from '@client/features/items';
import { ReviewsPanel } from '@client/features/reviews';
import { BlockedMemberNotice, MemberSafetyActions } from '@client/features/safety';
import { TradingRecord } from './trading-record';
import { useUserItems } from '../api';
import { EmptyState } from '@client/components/ui/empty-state';
import { MemberRating } from './profile-summary';
import { hasStatus } from '@client/lib/api-error';

/**
 * Another member's profile (/profile?user={id}): what is public about them. The API has no
 * member endpoint, so the name comes from their listings' owner data; there are no private tabs.
 */
export function PublicProfile({ userId }: { userId: string }) {
  const items = useUserItems(userId);
  const owner = items.data?.[0]?.owner;
  const name = owner?.firstName?.trim() || 'Member';
  const missing = items.isError && hasStatus(items.error, 404);

  if (missing) {
    return (
      <EmptyState
        icon={UserX}
        title="Member not found"
        description="This member's profile does not exist or is no longer available."
        action={
          <Button asChild variant="outline">
            <Link href="/profile">Back to my profile</Link>
          </Button>
        }
      />
    );
  }

  return (
    <div className="grid gap-8">
      <Button asChild variant="link" className="h-auto justify-self-start px-0">
        <Link href="/profile">
          <ArrowLeft aria-hidden="true" />
          My profile
        </Link>
      </Button>

      <Card>
        <CardContent className="flex flex-col items-center gap-5 p-6 text-center sm:flex-row sm:text-left">
          <Avatar className="size-20 sm:size-24">
            {owner?.profileImageUrl ? <AvatarImage src={owner.profileImageUrl} alt="" /> : null}
            <AvatarFallback className="text-2xl sm:text-3xl">{owner ? initials(owner) : '?'}</AvatarFallback>
          </Avatar>
          <div className="min-w-0 flex-1 space-y-1.5">
            {items.isPending ? (
              <Skeleton className="mx-auto h-8 w-40 sm:mx-0" />
            ) : (
              <h1
                className="text-2xl font-bold tracking-tight break-words sm:text-3xl"
                data-testid="text-profile-name"
              >
                {name}
              </h1>
            )}
            {owner?.awayUntil ? (
              <p
                className="inline-flex items-center gap-1.5 rounded-full bg-secondary px-2.5 py-0.5 text-sm font-medium text-secondary-foreground"
                data-testid="text-profile-away"
              >
                <Palmtree className="size-4" aria-hidden="true" />
                Away until {formatReturnDate(owner.awayUntil)}
              </p>
            ) : null}
            <MemberRating userId={userId} />
            <TradingRecord userId={userId} />
          </div>
          <MemberSafetyActions userId={userId} name={name} />
        </CardContent>
      </Card>

      <BlockedMemberNotice userId={userId} />

      <section aria-labelledby="member-items-heading" className="grid gap-5">
        <h2 id="member-items-heading" className="text-xl font-semibold">
          {items.data ? `Listed items (${items.data.length})` : 'Listed items'}
        </h2>
        {items.isError ? (
          <EmptyState icon={Package} title="We couldn't load this member's items" />
        ) : !items.isPending && items.data.length === 0 ? (
          <EmptyState icon={Package} title="No items listed right now" testId="text-no-items" />
        ) : (
          <ItemGrid
            items={items.data ?? []}
            loading={items.isPending}
            skeletons={4}
            testId="grid-member-items"
          />
        )}
      </section>

      <section aria-labelledby="member-reviews-heading" className="grid gap-5">
        <h2 id="member-reviews-heading" className="text-xl font-semibold">
          Reviews &amp; Ratings
        </h2>
        <ReviewsPanel userId={userId} isOwn={false} />
      </section>
    </div>
  );
}

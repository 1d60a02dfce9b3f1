import type { PublicProfile as PublicProfileData } from '@common/api/users';
import {
  ArrowLeft,
  BadgeCheck,
  CalendarDays,
  Flag,
  MapPin,
  MessageCircle,
  Package,
  Palmtree,
  Sparkles,
  UserPlus,
  UserX,
} from 'lucide-react';
import { Trans, useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { Avatar, AvatarFallback, AvatarImage } from '@client/components/ui/avatar';
import { Button } from '@client/components/ui/button';
import { Card, CardContent } from '@client/components/ui/card';
import { EmptyState } from '@client/components/ui/empty-state';
import { Skeleton } from '@client/components/ui/skeleton';
import { SIGN_IN_REASONS, useAuthDialog, type SignInReason } from '@client/features/auth';
import { useChat } from '@client/features/chat';
import { ItemGrid } from '@client/features/items';
import { RatingStars, ReviewsPanel } from '@client/features/reviews';
import { BlockedMemberNotice, MemberSafetyActions } from '@client/features/safety';
import { MemberConnectButton } from '@client/features/social';
import { useFormat } from '@client/i18n/format';
import { hasStatus } from '@client/lib/api-error';
import { useAuth } from '@client/lib/session';
import { TradingRecord } from './trading-record';
import { usePublicProfile, useUserItems } from '../api';
import { useReturnDate } from '../return-date';

/**
 * A member's public profile (/profile?user={id}), for members and visitors alike (docs/product.md,
 * Profiles): name as first name and last initial, photo, bio, location, member since, completed
 * swaps, rating, trading record, their listings and reviews, and Message, Connect, Report, Block.
 * A visitor's actions open the sign-in dialog, saying what signing in gives them.
 */
export function PublicProfile({ userId }: { userId: string }) {
  const { t } = useTranslation('users');
  const { user } = useAuth();
  const profile = usePublicProfile(userId);
  const items = useUserItems(userId);

  if (profile.isError && hasStatus(profile.error, 404)) {
    return (
      <EmptyState
        icon={UserX}
        title={t('public.notFoundTitle')}
        description={t('public.notFoundDescription')}
        action={
          <Button asChild variant="outline">
            <Link href={user ? '/profile' : '/browse'}>
              {user ? t('public.backToMyProfile') : t('public.browse')}
            </Link>
          </Button>
        }
      />
    );
  }

  const data = profile.data;
  const name = data?.displayName ?? t('public.member');

  return (
    <div className="grid gap-8">
      {/* Back to where the member came from (a chat, a listing), never "my profile": the page is not theirs. */}
      {user && window.history.length > 1 ? (
        <Button
          variant="link"
          className="h-auto justify-self-start px-0"
          onClick={() => window.history.back()}
          data-testid="button-profile-back"
        >
          <ArrowLeft aria-hidden="true" />
          {t('public.back')}
        </Button>
      ) : (
        <Button asChild variant="link" className="h-auto justify-self-start px-0">
          <Link href="/browse" data-testid="button-profile-back">
            <ArrowLeft aria-hidden="true" />
            {t('public.browse')}
          </Link>
        </Button>
      )}

      <Card>
        <CardContent className="grid gap-5 p-6">
          <div className="flex flex-col items-center gap-5 text-center sm:flex-row sm:items-start sm:text-left">
            <Avatar className="size-20 sm:size-24">
              {data?.profileImageUrl ? <AvatarImage src={data.profileImageUrl} alt="" /> : null}
              <AvatarFallback className="text-2xl sm:text-3xl">{initialsOf(name)}</AvatarFallback>
            </Avatar>
            <div className="min-w-0 flex-1 space-y-2">
              {data ? (
                <h1
                  className="text-2xl font-bold tracking-tight break-words sm:text-3xl"
                  data-testid="text-profile-name"
                >
                  {name}
                </h1>
              ) : (
                <Skeleton className="mx-auto h-8 w-40 sm:mx-0" />
              )}
              {data ? <ProfileFacts profile={data} /> : null}
              {data?.bio ? (
                <p className="break-words text-muted-foreground" data-testid="text-profile-bio">
                  {data.bio}
                </p>
              ) : null}
            </div>
          </div>
          {data ? <TrustSummary profile={data} /> : null}
          {data && !data.isNew ? <TradingRecord userId={userId} withCompleted={false} /> : null}
          {data ? <ProfileActions profile={data} /> : null}
        </CardContent>
      </Card>

      <BlockedMemberNotice userId={userId} />

      <section aria-labelledby="member-items-heading" className="grid gap-5">
        <h2 id="member-items-heading" className="text-xl font-semibold">
          {data ? t('public.moreFrom', { name: data.firstName }) : t('public.moreFromMember')}
          {items.data ? (
            <span className="ml-2 text-base font-normal text-muted-foreground">({items.data.length})</span>
          ) : null}
        </h2>
        {items.isError ? (
          <EmptyState icon={Package} title={t('public.itemsError')} />
        ) : !items.isPending && items.data.length === 0 ? (
          <EmptyState icon={Package} title={t('public.noItems')} testId="text-no-items" />
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
          {t('public.reviews')}
        </h2>
        <ReviewsPanel userId={userId} isOwn={false} />
      </section>
    </div>
  );
}

function initialsOf(name: string): string {
  return (
    name
      .split(/\s+/)
      .map((part) => part.charAt(0))
      .join('')
      .slice(0, 2)
      .toUpperCase() || '?'
  );
}

/** Location, member since and holiday return, one line each on a phone. */
function ProfileFacts({ profile }: { profile: PublicProfileData }) {
  const { t } = useTranslation('users');
  const format = useFormat();
  const returnDate = useReturnDate();
  return (
    <ul className="flex flex-col items-center gap-x-4 gap-y-1 text-sm text-muted-foreground sm:flex-row sm:flex-wrap sm:items-start">
      {profile.location ? (
        <li className="inline-flex items-center gap-1.5" data-testid="text-profile-location">
          <MapPin className="size-4 shrink-0" aria-hidden="true" />
          <span className="break-words">{profile.location}</span>
        </li>
      ) : null}
      <li className="inline-flex items-center gap-1.5" data-testid="text-profile-member-since">
        <CalendarDays className="size-4 shrink-0" aria-hidden="true" />
        {t('public.memberSince', { date: format.monthYear(profile.memberSince) })}
      </li>
      {profile.awayUntil ? (
        <li
          className="inline-flex items-center gap-1.5 rounded-full bg-secondary px-2.5 py-0.5 font-medium text-secondary-foreground"
          data-testid="text-profile-away"
        >
          <Palmtree className="size-4" aria-hidden="true" />
          {t('public.awayUntil', { date: returnDate(profile.awayUntil) })}
        </li>
      ) : null}
    </ul>
  );
}

/** Completed swaps and the rating with its count; "New member" until there is either. */
function TrustSummary({ profile }: { profile: PublicProfileData }) {
  const { t } = useTranslation('users');
  const format = useFormat();
  if (profile.isNew) {
    return (
      <p
        className="inline-flex items-center gap-1.5 justify-self-center rounded-full bg-primary/10 px-3 py-1 text-sm font-medium text-primary sm:justify-self-start"
        data-testid="text-profile-new-member"
      >
        <Sparkles className="size-4" aria-hidden="true" />
        {t('public.newMember')}
      </p>
    );
  }
  return (
    <dl className="grid grid-cols-2 gap-3 sm:flex sm:flex-wrap sm:gap-6" data-testid="profile-trust-summary">
      <div className="flex flex-col-reverse items-center rounded-lg bg-muted/60 px-3 py-2 sm:items-start">
        <dt className="text-xs text-muted-foreground">{t('public.completedSwaps')}</dt>
        <dd
          className="inline-flex items-center gap-1 text-lg font-semibold tabular-nums"
          data-testid="text-profile-completed-swaps"
        >
          <BadgeCheck className="size-4 text-primary" aria-hidden="true" />
          {profile.completedSwaps}
        </dd>
      </div>
      <div className="flex flex-col-reverse items-center rounded-lg bg-muted/60 px-3 py-2 sm:items-start">
        <dt className="text-xs text-muted-foreground">
          {t('rating.reviews', { count: profile.reviewCount })}
        </dt>
        <dd
          className="inline-flex items-center gap-1.5 text-lg font-semibold"
          data-testid="text-profile-rating"
        >
          {profile.averageRating === null ? (
            <span className="text-sm font-normal text-muted-foreground">{t('rating.none')}</span>
          ) : (
            <>
              <RatingStars rating={profile.averageRating} label={t('rating.average')} />
              <span className="tabular-nums">
                {format.number(profile.averageRating, { minimumFractionDigits: 1, maximumFractionDigits: 1 })}
              </span>
            </>
          )}
        </dd>
      </div>
    </dl>
  );
}

/**
 * Message, Connect, Report and Block. A member gets the real actions (on someone else's profile);
 * a visitor gets the same buttons, which open the sign-in dialog.
 */
function ProfileActions({ profile }: { profile: PublicProfileData }) {
  const { t } = useTranslation('users');
  const { user, isLoading } = useAuth();
  const chat = useChat();
  const { openAuthDialog, preloadAuthDialog } = useAuthDialog();
  if (isLoading || user?.id === profile.id) return null;
  const summary = {
    id: profile.id,
    firstName: profile.firstName,
    lastName: null,
    profileImageUrl: profile.profileImageUrl,
  };
  const askToSignIn = (reason: SignInReason) => () => openAuthDialog('login', SIGN_IN_REASONS[reason]);
  const visitorProps = { onPointerEnter: preloadAuthDialog, onFocus: preloadAuthDialog };

  return (
    <div
      className="flex flex-wrap items-center justify-center gap-2 sm:justify-start"
      data-testid="profile-actions"
    >
      <Button
        onClick={user ? () => chat.messageAbout(profile.id, null) : askToSignIn('message')}
        {...(user ? {} : visitorProps)}
        data-testid="button-message-member"
      >
        <MessageCircle aria-hidden="true" />
        <Trans
          i18nKey="public.message"
          ns="users"
          values={{ name: profile.firstName }}
          components={{ hidden: <span className="sr-only" /> }}
        />
      </Button>
      {user ? (
        <>
          <MemberConnectButton user={summary} />
          <MemberSafetyActions userId={profile.id} name={profile.displayName} />
        </>
      ) : (
        <>
          <Button
            variant="outline"
            onClick={askToSignIn('follow')}
            {...visitorProps}
            data-testid="button-connect-member"
          >
            <UserPlus aria-hidden="true" />
            <Trans
              i18nKey="public.connect"
              ns="users"
              values={{ name: profile.firstName }}
              components={{ hidden: <span className="sr-only" /> }}
            />
          </Button>
          <Button
            variant="outline"
            onClick={askToSignIn('report')}
            {...visitorProps}
            data-testid="button-report-member"
          >
            <Flag aria-hidden="true" />
            {t('public.reportOrBlock')}
          </Button>
        </>
      )}
    </div>
  );
}

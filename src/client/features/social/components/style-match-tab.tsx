import { STYLE_SIMILAR_SHOWN } from '@common/domain/display-limits';
import { displayName } from '@common/domain/display-name';
import { Palette } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { Button } from '@client/components/ui/button';
import { Card } from '@client/components/ui/card';
import { Skeleton } from '@client/components/ui/skeleton';
import { relationshipWith, useNetwork, useStyleSimilar } from '../api';
import { ConnectButton } from './connect-button';
import { MemberAvatar, memberProfileHref } from './member-avatar';
import { EmptyState } from '@client/components/ui/empty-state';
import { SocialLoadError } from './social-load-error';

const GRID = 'grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3';

/** The Style Match tab: up to six members whose categories, sizes and brands are closest to the member's. */
export function StyleMatchTab() {
  const { t } = useTranslation('social');
  const similar = useStyleSimilar();
  const network = useNetwork();

  if (similar.isPending) return <StyleMatchSkeletons />;
  if (similar.isError)
    return <SocialLoadError message={t('style.loadError')} onRetry={() => void similar.refetch()} />;

  const shown = similar.data.slice(0, STYLE_SIMILAR_SHOWN);
  if (shown.length === 0) {
    return (
      <EmptyState
        className="py-10"
        icon={Palette}
        title={t('style.emptyTitle')}
        description={t('style.emptyText')}
        action={
          <Button asChild variant="outline" size="sm">
            <Link href="/profile?tab=preferences">{t('recommendations.setPreferences')}</Link>
          </Button>
        }
        testId="empty-style-matches"
      />
    );
  }

  return (
    <div className="space-y-4">
      <p className="text-sm text-muted-foreground">{t('style.intro')}</p>
      <ul className={GRID} aria-label={t('style.listLabel')}>
        {shown.map((user) => {
          const name = displayName(user);
          return (
            <li key={user.id}>
              <Card
                className="flex h-full items-center gap-3 p-4"
                data-testid={`card-style-match-${user.id}`}
              >
                <MemberAvatar user={user} className="size-12" fallbackClassName="text-base" />
                <div className="min-w-0 flex-1">
                  <p className="truncate font-semibold">
                    <Link
                      href={memberProfileHref(user.id)}
                      className="rounded-sm hover:underline focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
                    >
                      {name}
                    </Link>
                  </p>
                  <p className="flex items-center gap-1 text-xs text-muted-foreground">
                    <Palette className="size-3.5" aria-hidden="true" />
                    {t('style.similar')}
                  </p>
                </div>
                <ConnectButton
                  user={user}
                  relationship={relationshipWith(network.data, user.id)}
                  testId={`button-style-connect-${user.id}`}
                  className="h-9 px-3"
                  compact
                />
              </Card>
            </li>
          );
        })}
      </ul>
    </div>
  );
}

function StyleMatchSkeletons() {
  const { t } = useTranslation('social');
  return (
    <div className={GRID} role="status" aria-label={t('style.loading')}>
      {Array.from({ length: 6 }, (_, index) => (
        <Card key={index} className="flex items-center gap-3 p-4">
          <Skeleton className="size-12 rounded-full" />
          <div className="flex-1 space-y-2">
            <Skeleton className="h-4 w-28" />
            <Skeleton className="h-3 w-20" />
          </div>
          <Skeleton className="h-9 w-24" />
        </Card>
      ))}
    </div>
  );
}

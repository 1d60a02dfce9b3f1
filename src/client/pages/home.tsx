import type { CategoryFilterId } from '@common/domain/taxonomy';
import { ArrowRight, CircleCheck, Clock, Heart, type LucideIcon } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { Button } from '@client/components/ui/button';
import { Card, CardContent } from '@client/components/ui/card';
import { Skeleton } from '@client/components/ui/skeleton';
import { PrimaryBanner } from '@client/components/layout/marketing';
import { PageContainer } from '@client/components/layout/page-container';
import { useAuth } from '@client/lib/session';
import { useFavorites } from '@client/features/favorites';
import { CategoryRow, ItemsShowcase } from '@client/features/items';
import { useTradeCounts } from '@client/features/trades';
import { useDocumentMeta } from '@client/lib/document-meta';
import { useFormat } from '@client/i18n/format';

/** / for members (docs/product.md (Screens) Signed-in home page). */
export function HomePage() {
  const { t } = useTranslation('home');
  useDocumentMeta(t('member.metaTitle'));
  const { user } = useAuth();
  const [category, setCategory] = useState<CategoryFilterId>('');

  return (
    <PageContainer className="space-y-12 py-8 sm:py-10">
      <PrimaryBanner
        aria-labelledby="welcome-heading"
        className="py-10 sm:px-10 sm:py-12"
        glowClassName="-top-16 -right-16 size-64"
        contentClassName="max-w-2xl space-y-4"
      >
        <h1 id="welcome-heading" className="text-3xl font-bold tracking-tight sm:text-4xl">
          {t(
            `member.${isNewMember(user?.createdAt) ? 'welcome' : 'welcomeBack'}${user?.firstName ? 'Named' : ''}`,
            { name: user?.firstName },
          )}
        </h1>
        <p className="text-lg text-primary-foreground">{t('member.intro')}</p>
        <div className="flex flex-col gap-3 pt-2 sm:flex-row">
          <Button asChild size="lg" variant="secondary">
            <Link href="/browse">
              {t('member.browseItems')}
              <ArrowRight aria-hidden="true" />
            </Link>
          </Button>
          <Button
            asChild
            size="lg"
            variant="outline"
            className="border-white/40 bg-transparent text-primary-foreground hover:bg-white/10 hover:text-primary-foreground"
          >
            <Link href="/profile">{t('member.viewProfile')}</Link>
          </Button>
        </div>
      </PrimaryBanner>

      <DashboardSummary />

      <div className="space-y-8">
        <CategoryRow value={category} onChange={setCategory} />
        <ItemsShowcase
          id="latest-additions"
          title={t('member.latest.title')}
          description={t('member.latest.description')}
          category={category}
        />
      </div>
    </PageContainer>
  );
}

/**
 * The member dashboard: counts of the member's trade requests by status (pending, completed)
 * and of their favourites (docs/product.md, Screens). A count still loading shows a placeholder; one that
 * failed to load shows a dash.
 */
function DashboardSummary() {
  const { t } = useTranslation('home');
  const format = useFormat();
  const trades = useTradeCounts();
  const favorites = useFavorites();
  const counts: ReadonlyArray<{
    label: string;
    icon: LucideIcon;
    testId: string;
    href: string;
    value: number | undefined;
    loading: boolean;
  }> = [
    {
      label: t('member.dashboard.pending'),
      icon: Clock,
      testId: 'dashboard-pending',
      href: '/profile?tab=barters',
      value: trades.data?.pending,
      loading: trades.isPending,
    },
    {
      label: t('member.dashboard.completed'),
      icon: CircleCheck,
      testId: 'dashboard-completed',
      href: '/profile?tab=barters',
      value: trades.data?.completed,
      loading: trades.isPending,
    },
    {
      label: t('member.dashboard.favorites'),
      icon: Heart,
      testId: 'dashboard-favorites',
      href: '/profile?tab=favorites',
      value: favorites.data?.length,
      loading: favorites.isPending,
    },
  ];

  return (
    <section aria-labelledby="dashboard-heading" className="space-y-4" data-testid="section-dashboard">
      <h2 id="dashboard-heading" className="text-2xl font-bold tracking-tight">
        {t('member.dashboard.title')}
      </h2>
      <div className="grid grid-cols-3 gap-3 sm:gap-4">
        {counts.map(({ label, icon: Icon, testId, href, value, loading }) => (
          <Link
            key={testId}
            href={href}
            className="block rounded-xl transition-shadow hover:shadow-md focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:outline-none"
          >
            <Card className="h-full" data-testid={testId}>
              <CardContent className="flex flex-col items-start gap-2 p-3 sm:flex-row sm:items-center sm:gap-4 sm:p-6">
                <span className="flex size-10 shrink-0 items-center justify-center rounded-xl bg-secondary text-secondary-foreground sm:size-12">
                  <Icon className="size-6" aria-hidden="true" />
                </span>
                <div>
                  <p className="text-xs text-muted-foreground sm:text-sm">{label}</p>
                  {loading ? (
                    <Skeleton className="mt-1 h-8 w-12" />
                  ) : value === undefined ? (
                    <p className="text-2xl font-bold">
                      <span aria-hidden="true">–</span>
                      <span className="sr-only">{t('member.dashboard.notAvailable')}</span>
                    </p>
                  ) : (
                    <p className="text-2xl font-bold tabular-nums" data-testid={`${testId}-count`}>
                      {format.number(value)}
                    </p>
                  )}
                </div>
              </CardContent>
            </Card>
          </Link>
        ))}
      </div>
    </section>
  );
}

/** Joined within the last day: greeted as someone new, not as someone coming back. */
function isNewMember(createdAt: string | undefined): boolean {
  return createdAt !== undefined && Date.now() - new Date(createdAt).getTime() < 24 * 60 * 60 * 1000;
}

import { useTranslation } from 'react-i18next';
import { Skeleton } from '@client/components/ui/skeleton';
import { PageContainer } from '@client/components/layout/page-container';
import { useAuth } from '@client/lib/session';
import { SocialDashboard, SocialFeatureCards, SocialVisitorView } from '@client/features/social';
import { useDocumentMeta } from '@client/lib/document-meta';

/**
 * /social (docs/product.md, Screens), for visitors and members: the heading and feature cards, then
 * the member's dashboard or, for a visitor, the join prompt and how the network works.
 */
export function SocialPage() {
  const { t } = useTranslation('social');
  useDocumentMeta(t('page.metaTitle'), t('page.metaDescription'));
  const { isAuthenticated, isLoading } = useAuth();

  return (
    <>
      <section
        aria-labelledby="social-heading"
        className="border-b bg-gradient-to-br from-secondary via-background to-background"
      >
        <PageContainer className="space-y-6 py-8 sm:py-10">
          <div className="space-y-1.5">
            <h1 id="social-heading" className="text-3xl font-bold tracking-tight text-balance sm:text-4xl">
              {t('page.title')}
            </h1>
            <p className="text-base text-muted-foreground sm:text-lg">{t('page.subtitle')}</p>
          </div>
          {/* Members (and, until the session is known, everyone) get the compact row on phones. */}
          <SocialFeatureCards layout={isAuthenticated || isLoading ? 'scroll' : 'stack'} />
        </PageContainer>
      </section>

      <PageContainer className="py-8 sm:py-12">
        {isLoading ? <SocialPageLoading /> : isAuthenticated ? <SocialDashboard /> : <SocialVisitorView />}
      </PageContainer>
    </>
  );
}

/** While the session is being checked: neither the dashboard nor the join prompt yet. */
function SocialPageLoading() {
  const { t } = useTranslation('social');
  return (
    <div className="grid grid-cols-1 gap-8" role="status" aria-label={t('page.loading')}>
      <Skeleton className="h-48 rounded-xl" />
      <Skeleton className="h-10 w-full rounded-lg" />
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-3">
        <Skeleton className="h-72 rounded-xl" />
        <Skeleton className="h-72 rounded-xl" />
        <Skeleton className="h-72 rounded-xl" />
      </div>
    </div>
  );
}

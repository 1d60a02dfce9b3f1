import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { PageContainer } from '@client/components/layout/page-container';
import { PageHeader } from '@client/components/layout/page-header';
import { RingCard, SwapRulesEditor, useRings } from '@client/features/rings';
import { useAuth } from '@client/lib/session';
import { handleUnauthorized } from '@client/lib/unauthorized';
import { useDocumentMeta } from '@client/lib/document-meta';

/**
 * /rings (members): swap rings proposed to the member, the active ones with their receipts, past
 * ones, and the rules editor that decides which rings they are offered.
 */
export function RingsPage() {
  const { t } = useTranslation('rings');
  useDocumentMeta(t('page.documentTitle'));
  const { isAuthenticated, isLoading, user } = useAuth();
  useEffect(() => {
    if (!isLoading && !isAuthenticated) handleUnauthorized();
  }, [isLoading, isAuthenticated]);
  const rings = useRings();
  const all = rings.data ?? [];
  const proposed = all.filter((ring) => ring.status === 'proposed');
  const isActive = (ring: (typeof all)[number]) => ring.status === 'accepted' || ring.status === 'disputed';
  const active = all.filter(isActive);
  const past = all.filter((ring) => ring.status !== 'proposed' && !isActive(ring));
  const memberId = user?.id ?? '';
  const section = (title: string, list: typeof all, empty: string, testId: string) => (
    <section className="space-y-3" aria-labelledby={`${testId}-title`} data-testid={testId}>
      <h2 id={`${testId}-title`} className="text-xl font-semibold">
        {title}
      </h2>
      {list.length === 0 ? (
        <p className="text-sm text-muted-foreground">
          {rings.isLoading ? t('common:status.loading') : empty}
        </p>
      ) : (
        list.map((ring) => <RingCard key={ring.id} ring={ring} memberId={memberId} />)
      )}
    </section>
  );
  return (
    <PageContainer className="space-y-8 py-8">
      <PageHeader title={t('page.title')} description={t('page.description')} />
      {section(t('page.proposals'), proposed, t('page.noProposals'), 'rings-proposed')}
      {section(t('page.active'), active, t('page.noActive'), 'rings-active')}
      <SwapRulesEditor />
      {past.length > 0 ? section(t('page.past'), past, '', 'rings-past') : null}
    </PageContainer>
  );
}

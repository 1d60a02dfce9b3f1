import type { SavedSearch } from '@common/api/saved-searches';
import { MAX_SAVED_SEARCHES } from '@common/domain/limits';
import { BellPlus, Compass } from 'lucide-react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { PageContainer } from '@client/components/layout/page-container';
import { PageHeader } from '@client/components/layout/page-header';
import { Button } from '@client/components/ui/button';
import { EmptyState } from '@client/components/ui/empty-state';
import { Skeleton } from '@client/components/ui/skeleton';
import { toast } from '@client/components/ui/use-toast';
import {
  SavedSearchRow,
  useDeleteSavedSearch,
  useMarkSavedSearchViewed,
  useSavedSearches,
} from '@client/features/saved-searches';
import { useDocumentMeta } from '@client/lib/document-meta';
import { useAuth } from '@client/lib/session';
import { handleUnauthorized } from '@client/lib/unauthorized';

/** /saved-searches (members): each saved Browse search with its new matches; open or delete it. */
export function SavedSearchesPage() {
  const { t } = useTranslation('savedSearches');
  useDocumentMeta(t('page.title'));
  const { isAuthenticated, isLoading } = useAuth();
  useEffect(() => {
    if (!isLoading && !isAuthenticated) handleUnauthorized();
  }, [isLoading, isAuthenticated]);

  return (
    <PageContainer className="space-y-6 py-8 sm:py-10">
      <PageHeader title={t('page.title')} description={t('page.description')} />
      {isLoading || !isAuthenticated ? <RowSkeletons /> : <SavedSearchList />}
    </PageContainer>
  );
}

function SavedSearchList() {
  const { t } = useTranslation('savedSearches');
  const searches = useSavedSearches();
  const remove = useDeleteSavedSearch();
  const markViewed = useMarkSavedSearchViewed();

  const open = (search: SavedSearch) => markViewed.mutate(search.id);
  const deleteSearch = (search: SavedSearch) =>
    remove.mutate(search.id, {
      onSuccess: () =>
        toast({ title: t('page.deleted'), description: t('page.deletedHint', { name: search.name }) }),
    });

  if (searches.isPending) return <RowSkeletons />;
  if (searches.isError)
    return (
      <div
        className="flex flex-col items-center gap-3 rounded-xl border border-dashed px-6 py-12 text-center"
        role="alert"
      >
        <p className="font-medium">{t('page.failed')}</p>
        <Button variant="outline" onClick={() => void searches.refetch()}>
          {t('common:actions.retry')}
        </Button>
      </div>
    );
  const list = searches.data;
  if (list.length === 0)
    return (
      <EmptyState
        icon={BellPlus}
        title={t('page.empty')}
        description={t('page.emptyHint')}
        action={
          <Button asChild variant="outline">
            <Link href="/browse">
              <Compass aria-hidden="true" />
              {t('page.goToBrowse')}
            </Link>
          </Button>
        }
        testId="empty-saved-searches"
      />
    );
  return (
    <section aria-labelledby="saved-searches-heading" className="space-y-3">
      <h2 id="saved-searches-heading" className="text-sm text-muted-foreground">
        {t('page.count', { count: list.length, max: MAX_SAVED_SEARCHES })}
      </h2>
      <ul className="space-y-3" aria-label={t('page.listLabel')}>
        {list.map((search) => (
          <li key={search.id}>
            <SavedSearchRow
              search={search}
              onOpen={open}
              onDelete={deleteSearch}
              deleteDisabled={remove.isPending}
            />
          </li>
        ))}
      </ul>
    </section>
  );
}

function RowSkeletons() {
  const { t } = useTranslation('savedSearches');
  return (
    <div className="space-y-3" role="status">
      <span className="sr-only">{t('page.loading')}</span>
      {Array.from({ length: 3 }, (_, index) => (
        <Skeleton key={index} className="h-24 w-full rounded-xl" />
      ))}
    </div>
  );
}

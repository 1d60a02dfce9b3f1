import type { WishlistEntry } from '@common/api/wishlist';
import { currentCurrency } from '@client/lib/community';
import { wishlistPayload, type WishlistFormValues } from '@common/domain/wishlist-rules';
import { Bookmark, Plus, X } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@client/components/ui/button';
import { toast } from '@client/components/ui/use-toast';
import { PageContainer } from '@client/components/layout/page-container';
import { PageHeader } from '@client/components/layout/page-header';
import { useAuth } from '@client/lib/session';
import {
  useAddWishlistEntry,
  useRemoveWishlistEntry,
  useWishlist,
  useWishlistMatches,
  WishlistEntryCard,
  WishlistEntryCardSkeleton,
  WishlistForm,
  WishlistMatchesCard,
} from '@client/features/wishlist';
import { handleUnauthorized } from '@client/lib/unauthorized';
import { useDocumentMeta } from '@client/lib/document-meta';

const FORM_ID = 'wishlist-add-form';
/** As docs/product.md (Screens) has it: six placeholder cards while the wishlist loads. */
const SKELETON_COUNT = 6;

/**
 * /wishlist (members, docs/product.md (Screens) Wishlist page): the 'Add to Wishlist' toggle and its inline form,
 * the matches found for the wishlist, and the member's entries.
 */
export function WishlistPage() {
  const { t } = useTranslation('wishlist');
  useDocumentMeta(t('page.documentTitle'));
  const { isAuthenticated, isLoading } = useAuth();

  // As docs/product.md (Screens) has it: a visitor who lands here once authentication is known is sent to sign in.
  useEffect(() => {
    if (!isLoading && !isAuthenticated) handleUnauthorized();
  }, [isLoading, isAuthenticated]);

  if (isLoading || !isAuthenticated) return <WishlistLoading />;
  return <MemberWishlist />;
}

function MemberWishlist() {
  const { t } = useTranslation('wishlist');
  const [formOpen, setFormOpen] = useState(false);
  const wishlist = useWishlist();
  const matches = useWishlistMatches();
  const add = useAddWishlistEntry({
    errorTitle: t('toasts.error'),
    errorDescription: t('toasts.createFailed'),
    fixedDescription: true,
  });
  const remove = useRemoveWishlistEntry({
    errorTitle: t('toasts.error'),
    errorDescription: t('toasts.removeFailed'),
    fixedDescription: true,
  });

  const create = async (values: WishlistFormValues): Promise<boolean> => {
    try {
      await add.mutateAsync(wishlistPayload(values, currentCurrency()));
    } catch {
      // Reported through the mutation's meta.
      return false;
    }
    toast({ title: t('toasts.success'), description: t('toasts.created') });
    setFormOpen(false);
    return true;
  };

  const deleteEntry = (entry: WishlistEntry) => {
    remove.mutate(entry.id, {
      onSuccess: () => toast({ title: t('toasts.success'), description: t('toasts.removed') }),
    });
  };

  const entries = wishlist.data ?? [];

  return (
    <PageContainer className="space-y-8 py-8 sm:py-10">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <PageHeader title={t('page.title')} description={t('page.description')} />
        <Button
          onClick={() => setFormOpen((open) => !open)}
          aria-expanded={formOpen}
          aria-controls={formOpen ? FORM_ID : undefined}
          className="w-full sm:w-auto"
          data-testid="button-toggle-wishlist-form"
        >
          {formOpen ? <X aria-hidden="true" /> : <Plus aria-hidden="true" />}
          {t('page.toggle')}
        </Button>
      </div>

      {formOpen ? (
        <section
          id={FORM_ID}
          aria-labelledby="wishlist-form-heading"
          className="rounded-xl border bg-card p-4 shadow-xs sm:p-6"
        >
          <h2 id="wishlist-form-heading" className="mb-4 text-lg font-semibold">
            {t('page.formHeading')}
          </h2>
          <WishlistForm
            idPrefix="wishlist"
            testId="form-wishlist"
            pending={add.isPending}
            onSubmit={create}
            onCancel={() => setFormOpen(false)}
          />
        </section>
      ) : null}

      <WishlistMatchesCard matches={matches.data ?? []} />

      <section aria-labelledby="wishlist-entries-heading" className="space-y-4">
        <h2 id="wishlist-entries-heading" className="text-xl font-semibold">
          {t('page.entries')}
          {wishlist.data ? (
            <span className="ml-2 text-base font-normal text-muted-foreground">
              {t('page.count', { total: entries.length })}
            </span>
          ) : null}
        </h2>
        {wishlist.isPending ? (
          <EntrySkeletons />
        ) : wishlist.isError ? (
          <div
            className="flex flex-col items-center gap-3 rounded-xl border border-dashed px-6 py-12 text-center"
            role="alert"
          >
            <p className="font-medium">{t('page.loadError')}</p>
            <Button variant="outline" onClick={() => void wishlist.refetch()}>
              {t('page.retry')}
            </Button>
          </div>
        ) : entries.length === 0 ? (
          <div
            className="flex flex-col items-center gap-3 rounded-xl border border-dashed px-6 py-14 text-center"
            data-testid="text-wishlist-empty"
          >
            <span className="flex size-12 items-center justify-center rounded-full bg-secondary text-secondary-foreground">
              <Bookmark className="size-6" aria-hidden="true" />
            </span>
            <p className="text-lg font-semibold">{t('page.empty')}</p>
            <p className="max-w-md text-sm text-muted-foreground">{t('page.emptyHint')}</p>
          </div>
        ) : (
          <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" aria-label={t('page.listLabel')}>
            {entries.map((entry) => (
              <li key={entry.id} className="min-w-0">
                <WishlistEntryCard entry={entry} deleteDisabled={remove.isPending} onDelete={deleteEntry} />
              </li>
            ))}
          </ul>
        )}
      </section>
    </PageContainer>
  );
}

function EntrySkeletons() {
  const { t } = useTranslation('wishlist');
  return (
    <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" role="status">
      <span className="sr-only">{t('page.loading')}</span>
      {Array.from({ length: SKELETON_COUNT }, (_, index) => (
        <WishlistEntryCardSkeleton key={index} />
      ))}
    </div>
  );
}

/** Before the session is known (or while the redirect to sign in is on its way). */
function WishlistLoading() {
  const { t } = useTranslation('wishlist');
  return (
    <PageContainer className="space-y-8 py-8 sm:py-10">
      <PageHeader title={t('page.title')} />
      <EntrySkeletons />
    </PageContainer>
  );
}

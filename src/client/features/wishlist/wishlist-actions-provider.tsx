import type { Item } from '@common/api/items';
import type { WishlistEntry } from '@common/api/wishlist';
import { wishlistEntryFor } from '@common/domain/wishlist-rules';
import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useMemo, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '@client/components/ui/use-toast';
import { ItemActionsProvider, type ItemActions } from '@client/lib/item-actions';
import { isSessionLost } from '@client/lib/api-error';
import { reportApiError } from '@client/lib/report-error';
import { useRemoveWishlistEntry, useWishlist, WISHLIST_URL } from './api';

/* The dialog and its form (react-hook-form, zod) load on the first bookmark, outside the first bundle. */
const AddToWishlistDialog = lazy(() =>
  import('./components/add-to-wishlist-dialog').then((module) => ({ default: module.AddToWishlistDialog })),
);

/**
 * Supplies the item bookmark (docs/product.md, Wishlist and matching) to every item card, list row and detail
 * view: when the member's wishlist has an entry with the item's title (ignoring case) and wishlist
 * category, the bookmark shows as set and a click removes that entry; otherwise a click opens the
 * 'Add to Wishlist' dialog prefilled from the item. Visitors never reach it (the item controls
 * open the sign-in dialog instead).
 */
export function WishlistActionsProvider({ children }: { children: ReactNode }) {
  const { t } = useTranslation('wishlist');
  const queryClient = useQueryClient();
  const { data: entries } = useWishlist();
  const { mutate: removeEntry } = useRemoveWishlistEntry({ errorTitle: t('toasts.removeFromFailed') });
  const [dialogItem, setDialogItem] = useState<Item | null>(null);
  const [dialogOpen, setDialogOpen] = useState(false);
  // Entries being removed: a second click during the request does nothing.
  const removing = useRef(new Set<string>());

  const actions = useMemo<ItemActions>(() => {
    const remove = (entry: WishlistEntry) => {
      if (removing.current.has(entry.id)) return;
      removing.current.add(entry.id);
      removeEntry(entry.id, {
        onSuccess: () => toast({ title: t('toasts.removedFrom') }),
        onSettled: () => removing.current.delete(entry.id),
      });
    };

    return {
      isBookmarked: (item) => entries !== undefined && wishlistEntryFor(entries, item) !== undefined,
      bookmark: (item) => {
        void (async () => {
          let list = entries;
          if (!list) {
            try {
              list = await queryClient.ensureQueryData<WishlistEntry[]>({ queryKey: [WISHLIST_URL] });
            } catch (error) {
              // A lost session is already handled by the query cache (toast, then sign in).
              if (!isSessionLost(error)) {
                reportApiError(error, { title: t('toasts.addFailed'), fallback: t('toasts.tryAgain') });
              }
              return;
            }
          }
          const existing = wishlistEntryFor(list, item);
          if (existing) {
            remove(existing);
          } else {
            setDialogItem(item);
            setDialogOpen(true);
          }
        })();
      },
    };
  }, [entries, queryClient, removeEntry, t]);

  return (
    <ItemActionsProvider actions={actions}>
      {children}
      {dialogItem ? (
        <Suspense fallback={null}>
          <AddToWishlistDialog
            key={dialogItem.id}
            item={dialogItem}
            open={dialogOpen}
            onOpenChange={setDialogOpen}
          />
        </Suspense>
      ) : null}
    </ItemActionsProvider>
  );
}

import type { Item } from '@common/api/items';
import { currentCurrency } from '@client/lib/community';
import {
  wishlistCategoryOf,
  wishlistPayload,
  wishlistTitleFor,
  type WishlistFormValues,
} from '@common/domain/wishlist-rules';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '@client/components/ui/dialog';
import type { DialogState } from '@client/components/ui/dialog-shell';
import { toast } from '@client/components/ui/use-toast';
import { useTranslation } from 'react-i18next';
import { useAddWishlistEntry } from '../api';
import { WishlistForm } from './wishlist-form';

/**
 * docs/product.md (Wishlist and matching): 'Add to Wishlist' (from an item's bookmark): the wishlist form prefilled with
 * the kind of item (wishlistTitleFor: brand and style, not the listing's title), its wishlist category, brand and size. Closing unmounts the form, which resets it.
 */
export function AddToWishlistDialog({ item, open, onOpenChange }: DialogState & { item: Item }) {
  const { t } = useTranslation('wishlist');
  const add = useAddWishlistEntry({ errorTitle: t('toasts.addFailed') });

  const submit = async (values: WishlistFormValues): Promise<boolean> => {
    try {
      await add.mutateAsync(wishlistPayload(values, currentCurrency()));
    } catch {
      // Reported through the mutation's meta.
      return false;
    }
    toast({ title: t('toasts.added'), description: t('toasts.addedDescription') });
    onOpenChange(false);
    return true;
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-xl" data-testid="dialog-add-to-wishlist">
        <DialogHeader>
          <DialogTitle>{t('dialog.title')}</DialogTitle>
          <DialogDescription>{t('dialog.description')}</DialogDescription>
        </DialogHeader>
        <WishlistForm
          idPrefix="dialog-wishlist"
          testId="form-add-to-wishlist"
          defaultValues={{
            title: wishlistTitleFor(item),
            category: wishlistCategoryOf(item),
            brand: item.brand ?? '',
            size: item.size ?? '',
          }}
          pending={add.isPending}
          onSubmit={submit}
          onCancel={() => onOpenChange(false)}
          onMissingRequired={() =>
            toast({
              title: t('toasts.missingTitle'),
              description: t('toasts.missingDescription'),
              variant: 'destructive',
            })
          }
        />
      </DialogContent>
    </Dialog>
  );
}

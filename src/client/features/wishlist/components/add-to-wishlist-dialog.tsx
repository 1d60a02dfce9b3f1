import type { Item } from '@common/api/items';
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
import { toast } from '@client/components/ui/use-toast';
import { useAddWishlistEntry } from '../api';
import { WishlistForm } from './wishlist-form';

/**
 * docs/product.md (Wishlist and matching): 'Add to Wishlist' (from an item's bookmark): the wishlist form prefilled with
 * the kind of item (wishlistTitleFor: brand and style, not the listing's title), its wishlist category, brand and size. Closing unmounts the form, which resets it.
 */
export function AddToWishlistDialog({
  item,
  open,
  onOpenChange,
}: {
  item: Item;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const add = useAddWishlistEntry({ errorTitle: 'Failed to add to wishlist' });

  const submit = async (values: WishlistFormValues): Promise<boolean> => {
    try {
      await add.mutateAsync(wishlistPayload(values));
    } catch {
      // Reported through the mutation's meta.
      return false;
    }
    toast({ title: 'Added to wishlist', description: "You'll be notified when matching items are listed" });
    onOpenChange(false);
    return true;
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-xl" data-testid="dialog-add-to-wishlist">
        <DialogHeader>
          <DialogTitle>Add to Wishlist</DialogTitle>
          <DialogDescription>
            Save what you are looking for and get notified when matching items are listed.
          </DialogDescription>
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
              title: 'Missing information',
              description: 'Please provide at least a title and category',
              variant: 'destructive',
            })
          }
        />
      </DialogContent>
    </Dialog>
  );
}

/** The wishlist feature's public surface: other features and the app import it from here only. */
export {
  invalidateWishlist,
  useAddWishlistEntry,
  useRemoveWishlistEntry,
  useWishlist,
  useWishlistMatches,
} from './api';
export { WishlistEntryCard, WishlistEntryCardSkeleton } from './components/wishlist-entry-card';
export { WishlistForm } from './components/wishlist-form';
export { WishlistMatchesCard } from './components/wishlist-matches-card';
export { WishlistActionsProvider } from './wishlist-actions-provider';

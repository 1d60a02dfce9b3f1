import { isOpenForOffers } from '@common/domain/trade-state';
import type { Item } from '@common/api/items';
import { useLocation, useSearch } from 'wouter';
import { toast } from '@client/components/ui/use-toast';
import { i18n } from '@client/i18n';
import { SIGN_IN_REASONS, useAuthDialog } from '@client/features/auth';
import { useAuth } from '@client/lib/session';
import { useFavoriteIds, useToggleFavoriteMutation } from '@client/features/favorites';
import { useDeleteItemMutation } from './api';
import { useItemActions } from '@client/lib/item-actions';
import { AVAILABILITY_BADGES } from './components/item-badges';

/**
 * The behaviour behind an item's buttons, shared by the card, the list row and the detail view
 * (docs/product.md, Items): visitors get the sign-in dialog saying what signing in gives them,
 * members reach the handlers of ItemActionsProvider, and favourites are handled here.
 */
export function useItemControls(item: Item) {
  const { user, isLoading: sessionLoading } = useAuth();
  const { openAuthDialog } = useAuthDialog();
  const actions = useItemActions();
  const favoriteIds = useFavoriteIds();
  const toggleFavorite = useToggleFavoriteMutation();
  const isMember = user !== null;
  const isOwner = user?.id === item.userId;
  const isFavorite = favoriteIds.has(item.id);

  return {
    isMember,
    isOwner,
    isFavorite,
    isBookmarked: isMember && (actions.isBookmarked?.(item) ?? false),
    favoritePending: toggleFavorite.isPending,
    /** Smart Match is offered to signed-in members on other members' items only. */
    canSmartMatch: isMember && !isOwner,
    /** Barter is offered on other members' items that are still open for offers (not reserved or traded). */
    canBarter: !isOwner && isOpenForOffers(item),
    /** The owner gets the Suggested Barter Alternatives only where a handler is wired. */
    canSuggestForOwn: isOwner && actions.barter !== undefined,
    barter: () => {
      // While the session is still being checked nobody is known to be a visitor.
      if (sessionLoading) return;
      if (!isMember) return openAuthDialog('login', SIGN_IN_REASONS.barter);
      actions.barter?.(item);
    },
    message: () => {
      if (sessionLoading) return;
      if (!isMember) return openAuthDialog('login', SIGN_IN_REASONS.message);
      actions.message?.(item);
    },
    smartMatch: () => {
      if (sessionLoading) return;
      if (!isMember) return openAuthDialog('login', SIGN_IN_REASONS.smartMatch);
      actions.smartMatch?.(item);
    },
    bookmark: () => {
      if (sessionLoading) return;
      if (!isMember) return openAuthDialog('login', SIGN_IN_REASONS.bookmark);
      actions.bookmark?.(item);
    },
    favorite: () => {
      if (sessionLoading) return;
      if (!isMember) return openAuthDialog('login', SIGN_IN_REASONS.favorite);
      if (toggleFavorite.isPending) return;
      toggleFavorite.mutate({ item, favorite: !isFavorite });
    },
  };
}

/** Delete with the browser's confirmation and its toasts (docs/product.md, Items). */
export function useDeleteItem() {
  const mutation = useDeleteItemMutation();
  // mutateAsync, not mutate's callbacks: the list refetch unmounts the card (and its menu) before
  // per-call callbacks would run, and TanStack Query skips those for an unmounted component.
  const remove = async (item: Item, onDeleted?: () => void) => {
    if (!window.confirm(i18n.t('items:owner.confirmDelete'))) return;
    try {
      await mutation.mutateAsync(item.id);
    } catch {
      // Reported through the mutation's meta.
      return;
    }
    toast({ title: i18n.t('items:owner.deleted'), description: i18n.t('items:owner.deletedHint') });
    onDeleted?.();
  };
  return { remove, isPending: mutation.isPending };
}

export const HIGHLIGHT_PARAM = 'highlight';

/**
 * History state of an entry that opened the detail view from a link, so that closing it can go
 * back (to the page and scroll position it was opened from) instead of adding an entry.
 */
export const ITEM_DETAIL_STATE = { itemDetail: true } as const;

export function openedFromLink(): boolean {
  const state: unknown = window.history.state;
  return typeof state === 'object' && state !== null && 'itemDetail' in state;
}

/**
 * Where 'View' leads: the detail view over Browse (docs/product.md, Items). On Browse the current filters stay
 * in the URL underneath; elsewhere it opens Browse unfiltered.
 */
export function useItemDetailHref(itemId: string): string {
  const [location] = useLocation();
  const search = useSearch();
  const params = new URLSearchParams(location === '/browse' ? search : '');
  params.set(HIGHLIGHT_PARAM, itemId);
  return `/browse?${params.toString()}`;
}

/** What the card and the list row show an item with: its controls, where View leads, its availability badge. */
export function useItemView(item: Item) {
  return {
    controls: useItemControls(item),
    detailHref: useItemDetailHref(item.id),
    availability: AVAILABILITY_BADGES[item.availability],
  };
}

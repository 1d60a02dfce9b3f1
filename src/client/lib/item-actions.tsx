import type { Item } from '@common/api/items';
import { createContext, useContext, useMemo, type ReactNode } from 'react';

/**
 * What the item card, the list row and the detail view do for a signed-in member, supplied by
 * the features that own those dialogs. The items feature itself handles everything that needs
 * no other feature: the sign-in dialog for visitors, favourites, View, and the owner's
 * Edit/Delete menu. A handler left out keeps its button visible but inert.
 *
 * Wiring, e.g. in the app providers:
 *   <ItemActionsProvider actions={{ barter: (item) => openBarterDialog(item) }}>...</ItemActionsProvider>
 * Providers nest: an inner one adds to, or overrides, the handlers of an outer one.
 *
 * It lives in lib, not in the items feature: items reads it while wishlist, matching, trades and
 * chat fill it, and those features build on items (a feature of its own would make a cycle).
 */
export interface ItemActions {
  /**
   * Barter (and the list row's 'Start Barter'): the request dialog for another member's item, the
   * Suggested Barter Alternatives for the member's own (offered in the detail view).
   */
  barter?: (item: Item) => void;
  /** Smart Match, offered on other members' items only. */
  smartMatch?: (item: Item) => void;
  /** The bookmark (wishlist) button. */
  bookmark?: (item: Item) => void;
  /** Whether the bookmark shows as set (an equal wishlist entry exists). */
  isBookmarked?: (item: Item) => boolean;
  /**
   * 'Message' (the chat feature): a conversation with the item's owner about it. Shown to
   * visitors and to members on other members' items; the handler answers visitors and owners.
   */
  message?: (item: Item) => void;
}

const ItemActionsContext = createContext<ItemActions>({});

export function ItemActionsProvider({ actions, children }: { actions: ItemActions; children: ReactNode }) {
  const outer = useContext(ItemActionsContext);
  const merged = useMemo(() => ({ ...outer, ...actions }), [outer, actions]);
  return <ItemActionsContext.Provider value={merged}>{children}</ItemActionsContext.Provider>;
}

export function useItemActions(): ItemActions {
  return useContext(ItemActionsContext);
}

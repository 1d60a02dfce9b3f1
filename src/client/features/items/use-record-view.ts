import type { Item } from '@common/api/items';
import { useEffect } from 'react';
import { apiRequest } from '@client/lib/api-client';
import { useAuth } from '@client/lib/session';

/**
 * Counts a signed-in member's look at an item toward the 'trending' order (docs/product.md § Browse
 * and search): once per opening of its detail view; the server keeps one a day per member and
 * ignores the owner's own. A failure is of no interest to the member, so it is dropped.
 */
export function useRecordView(item: Item | undefined) {
  const { user } = useAuth();
  const itemId = item?.id;
  const counts = Boolean(user && item && item.isActive && item.owner.id !== user.id);
  useEffect(() => {
    if (!counts || !itemId) return;
    apiRequest('POST', `/api/items/${itemId}/view`).catch(() => undefined);
  }, [counts, itemId]);
}

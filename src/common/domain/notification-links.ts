/**
 * The in-app paths that notifications link to. A notification's link names the page it concerns,
 * so the server uses these when it stores one and the client reads them to know what a pushed
 * notification changed (its 'other' type covers both friend requests and reviews).
 */
export const NOTIFICATION_LINKS = {
  /** Profile → Barter Requests: every trade notification. */
  barters: '/profile?tab=barters',
  /** Profile → Reviews: a partner reviewed the member. */
  reviews: '/profile?tab=reviews',
  /** Social → My Network: friend requests and accepted requests. */
  network: '/social?tab=network',
  /** The member's saved searches. */
  savedSearches: '/saved-searches',
} as const;

/** The page of one trade: where every notification, email and chat card about it links. */
export const tradePath = (tradeId: string) => `/trades/${tradeId}`;

/** The page of one swap ring. */
export const ringPath = (ringId: string) => `/rings/${ringId}`;

/** What a pushed notification is about, for the client's cache. */
export type NotificationTopic =
  | 'trades'
  | 'rings'
  | 'reviews'
  | 'social'
  | 'wishlist'
  | 'matches'
  | 'messages'
  | 'savedSearches'
  | 'favorites'
  | 'none';

/** The topic of a notification from its type and, for 'other', its link. */
export function notificationTopic(notification: { type: string; link: string | null }): NotificationTopic {
  switch (notification.type) {
    case 'trade_request':
      return 'trades';
    case 'swap_ring':
      return 'rings';
    case 'wishlist_match':
      return 'wishlist';
    case 'match_found':
      return 'matches';
    case 'message':
      return 'messages';
    case 'saved_search':
      return 'savedSearches';
    case 'favorite_update':
      return 'favorites';
    default: {
      const link = notification.link ?? '';
      if (link === NOTIFICATION_LINKS.reviews) return 'reviews';
      if (link.startsWith('/social')) return 'social';
      if (link === NOTIFICATION_LINKS.barters || link.startsWith('/trades/')) return 'trades';
      if (link.startsWith('/rings/')) return 'rings';
      return 'none';
    }
  }
}

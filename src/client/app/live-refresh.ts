import type { ServerEvent } from '@common/realtime';
import { notificationTopic } from '@common/domain/notification-links';
import type { QueryClient } from '@tanstack/react-query';
import {
  invalidateAllChat,
  invalidateConversationList,
  invalidateConversations,
  invalidateMessageUnread,
} from '@client/features/chat';
import { invalidateFavorites } from '@client/features/favorites';
import { invalidateBarterMatches } from '@client/features/matching';
import {
  invalidateNotificationList,
  invalidateNotifications,
  setUnreadNotificationCount,
} from '@client/features/notifications';
import { invalidateReviews } from '@client/features/reviews';
import { invalidateRings } from '@client/features/rings';
import { invalidateSavedSearches } from '@client/features/saved-searches';
import { invalidateSocial } from '@client/features/social';
import { invalidateTradeRequests } from '@client/features/trades';
import { invalidateWishlist } from '@client/features/wishlist';
import { invalidateItemQueries } from '@client/lib/item-queries';

/**
 * What a live event makes stale, in one place. Each name is one feature's cached answers:
 * - `notifications`: the bell's count and list; `notificationList`: the list only (the count came with the event);
 * - `trades`: the member's barter requests (every tab of Barter Requests, the home dashboard's counts);
 * - `rings`: the member's swap rings (the Swap Rings page);
 * - `items`: every answer holding items (an item's availability: pending, reserved, traded);
 * - `wishlist`: the wishlist and its matches (the Wishlist page, the matches card);
 * - `barterMatches`: 'What You Could Get' lists; `reviews`: ratings and review lists;
 * - `social`: the network, its requests, the social stats and feed;
 * - `conversationList`: the conversation list (with each one's unread count); `messageUnread`: the
 *   unread-message total; `conversations`: both; `chat`: both and every cached conversation;
 * - `favorites`: the member's favourites;
 * - `savedSearches`: the saved searches and their new-match counts.
 */
export type LiveTarget =
  | 'notifications'
  | 'notificationList'
  | 'trades'
  | 'rings'
  | 'items'
  | 'wishlist'
  | 'barterMatches'
  | 'reviews'
  | 'social'
  | 'conversationList'
  | 'messageUnread'
  | 'conversations'
  | 'chat'
  | 'favorites'
  | 'savedSearches';

/** The member's own lists: refetched when the window regains focus and after a reconnect. */
export const PERSONAL_TARGETS: readonly LiveTarget[] = [
  'notifications',
  'trades',
  'rings',
  'wishlist',
  'social',
  'conversations',
  'favorites',
  'savedSearches',
];

/** After a reconnect whatever was pushed meanwhile is lost: every personal list, and every open chat. */
export const RECONNECT_TARGETS: readonly LiveTarget[] = [...PERSONAL_TARGETS, 'chat', 'items'];

export interface LiveContext {
  memberId: string;
  /** The chat on screen: its incoming messages are read at once, so they leave the unread total alone. */
  openConversationId: string | null;
}

/** The one mapping from a pushed event to the caches it makes stale. */
export function liveTargets(event: ServerEvent, context: LiveContext): LiveTarget[] {
  switch (event.type) {
    case 'notification': {
      const targets: LiveTarget[] = ['notifications'];
      switch (notificationTopic(event.notification)) {
        case 'trades':
          // A request made, answered, cancelled, completed, disputed or expired: both items'
          // availability changes with it.
          targets.push('trades', 'items');
          break;
        case 'rings':
          // A ring proposed, answered, dissolved, received, disputed or completed: its items' availability too.
          targets.push('rings', 'items');
          break;
        case 'reviews':
          // A review can publish the member's own one too, and shows on the trade's card.
          targets.push('reviews', 'trades');
          break;
        case 'social':
          targets.push('social');
          break;
        case 'wishlist':
          targets.push('wishlist');
          break;
        case 'matches':
          targets.push('barterMatches');
          break;
        case 'messages':
          targets.push('conversations');
          break;
        case 'savedSearches':
          // A new listing matched: the counts change, and so do the item lists it belongs to.
          targets.push('savedSearches', 'items');
          break;
        case 'favorites':
          // A favourite was reserved, released or withdrawn: its availability shows in every list.
          targets.push('favorites', 'items');
          break;
        case 'none':
          break;
      }
      return targets;
    }
    case 'unread':
      // Also follows a conversation read in another tab: the message counts change too.
      return ['notificationList', 'conversations'];
    case 'new_message': {
      const { message } = event;
      const readAtOnce =
        message.senderId === context.memberId || message.conversationId === context.openConversationId;
      // The list moves the conversation up; the unread total only grows for a message not read at once.
      return readAtOnce ? ['conversationList'] : ['conversationList', 'messageUnread'];
    }
    case 'messages_read':
    case 'typing':
    case 'joined':
    case 'error':
      return [];
  }
}

/** Makes the named caches stale; what is on screen refetches now, the rest on its next use. */
export async function refresh(queryClient: QueryClient, targets: Iterable<LiveTarget>): Promise<void> {
  const work: Promise<unknown>[] = [];
  for (const target of new Set(targets)) {
    switch (target) {
      case 'notifications':
        work.push(invalidateNotifications(queryClient));
        break;
      case 'notificationList':
        work.push(invalidateNotificationList(queryClient));
        break;
      case 'trades':
        work.push(invalidateTradeRequests(queryClient));
        break;
      case 'rings':
        work.push(invalidateRings(queryClient));
        break;
      case 'items':
        work.push(invalidateItemQueries(queryClient));
        break;
      case 'wishlist':
        work.push(invalidateWishlist(queryClient));
        break;
      case 'barterMatches':
        work.push(invalidateBarterMatches(queryClient));
        break;
      case 'reviews':
        work.push(invalidateReviews(queryClient));
        break;
      case 'social':
        work.push(invalidateSocial(queryClient));
        break;
      case 'conversationList':
        work.push(invalidateConversations(queryClient));
        break;
      case 'messageUnread':
        work.push(invalidateMessageUnread(queryClient));
        break;
      case 'conversations':
        work.push(invalidateConversationList(queryClient));
        break;
      case 'chat':
        work.push(invalidateAllChat(queryClient));
        break;
      case 'favorites':
        work.push(invalidateFavorites(queryClient));
        break;
      case 'savedSearches':
        work.push(invalidateSavedSearches(queryClient));
        break;
    }
  }
  await Promise.all(work);
}

/** Applies one pushed event: the bell's count that came with it, then the invalidations. */
export function applyLiveEvent(
  queryClient: QueryClient,
  event: ServerEvent,
  context: LiveContext,
): Promise<void> {
  if (event.type === 'unread') setUnreadNotificationCount(queryClient, event.count);
  return refresh(queryClient, liveTargets(event, context));
}

import type { ServerEvent } from '@common/realtime';
import type { Notification } from '@common/api/notifications';
import { NOTIFICATION_LINKS } from '@common/domain/notification-links';
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { applyLiveEvent, liveTargets, PERSONAL_TARGETS, refresh } from './live-refresh';

const ME = '00000000-0000-4000-8000-000000000001';
const OTHER = '00000000-0000-4000-8000-000000000002';
const CONVERSATION = '00000000-0000-4000-8000-0000000000c1';

/** One cached answer per list a live event may concern, keyed as the features key them. */
const CACHED = {
  trades: ['/api/trade-requests'],
  item: ['/api/items/i1'],
  wishlist: ['/api/wishlist'],
  wishlistMatches: ['/api/wishlist/matches'],
  barterMatches: ['/api/barter-matches/i1'],
  rating: ['/api/ratings/u1'],
  network: ['/api/social/network'],
  conversations: ['/api/conversations'],
  messageUnread: ['/api/conversations/unread-count'],
  chat: [`/api/conversations/${CONVERSATION}`, 'messages'],
  favorites: ['/api/favorites'],
  savedSearches: ['/api/saved-searches'],
  notifications: ['/api/notifications', { limit: 10 }],
  unreadCount: ['/api/notifications/unread-count'],
} as const;
type Cached = keyof typeof CACHED;

function filledClient(): QueryClient {
  const client = new QueryClient();
  for (const [name, key] of Object.entries(CACHED)) {
    client.getQueryCache().build(client, {
      queryKey: [...key],
      meta: name === 'item' ? { holdsItems: true, itemId: 'i1' } : undefined,
    });
    client.setQueryData([...key], { cached: name });
  }
  return client;
}

function staleAfter(client: QueryClient): Cached[] {
  return (Object.keys(CACHED) as Cached[]).filter(
    (name) => client.getQueryState([...CACHED[name]])?.isInvalidated === true,
  );
}

async function staleAfterEvent(event: ServerEvent, openConversationId: string | null = null) {
  const client = filledClient();
  await applyLiveEvent(client, event, { memberId: ME, openConversationId });
  return { stale: staleAfter(client).sort(), client };
}

function notification(type: Notification['type'], link: string | null): ServerEvent {
  return {
    type: 'notification',
    notification: { id: 'n1', type, title: 't', message: 'm', link, isRead: false, createdAt: '' },
  };
}

describe('live refresh: what each pushed event makes stale', () => {
  it('a trade notification (request made, answered, completed): trades, items and the bell', async () => {
    const { stale } = await staleAfterEvent(notification('trade_request', NOTIFICATION_LINKS.barters));
    expect(stale).toEqual(['item', 'notifications', 'trades', 'unreadCount']);
  });

  it("a trade notification makes each paged list and the lists' counts stale too", async () => {
    const { client } = await staleAfterEvent(notification('trade_request', NOTIFICATION_LINKS.barters));
    const keys = [
      ['/api/trade-requests/page', 'pending'],
      ['/api/trade-requests/page', 'history'],
      ['/api/trade-requests/counts'],
    ];
    for (const key of keys) {
      client.setQueryData(key, { cached: key.join() });
      expect(client.getQueryState(key)?.isInvalidated).toBe(false);
    }
    await applyLiveEvent(client, notification('trade_request', NOTIFICATION_LINKS.barters), {
      memberId: ME,
      openConversationId: null,
    });
    for (const key of keys) expect(client.getQueryState(key)?.isInvalidated, key.join()).toBe(true);
  });

  it('a friend request: the social lists and the bell, nothing else', async () => {
    const { stale } = await staleAfterEvent(notification('other', NOTIFICATION_LINKS.network));
    expect(stale).toEqual(['network', 'notifications', 'unreadCount']);
  });

  it('a review: ratings, the trade cards and the bell', async () => {
    const { stale } = await staleAfterEvent(notification('other', NOTIFICATION_LINKS.reviews));
    expect(stale).toEqual(['notifications', 'rating', 'trades', 'unreadCount']);
  });

  it('a wishlist match: the wishlist, its matches card and the bell', async () => {
    const { stale } = await staleAfterEvent(notification('wishlist_match', '/browse?highlight=i1'));
    expect(stale).toEqual(['notifications', 'unreadCount', 'wishlist', 'wishlistMatches']);
  });

  it('a saved-search match: the saved searches (their new-match counts), item lists and the bell', async () => {
    const { stale } = await staleAfterEvent(notification('saved_search', '/browse?search=denim'));
    expect(stale).toEqual(['item', 'notifications', 'savedSearches', 'unreadCount']);
  });

  it('a favourite reserved, released or withdrawn: the favourites, item lists and the bell', async () => {
    const { stale } = await staleAfterEvent(notification('favorite_update', '/browse?highlight=i1'));
    expect(stale).toEqual(['favorites', 'item', 'notifications', 'unreadCount']);
  });

  it("a strong match: 'What You Could Get' and the bell", async () => {
    const { stale } = await staleAfterEvent(notification('match_found', '/browse?highlight=i1'));
    expect(stale).toEqual(['barterMatches', 'notifications', 'unreadCount']);
  });

  it('a message notification: the conversations and the bell', async () => {
    const { stale } = await staleAfterEvent(notification('message', `/?conversation=${CONVERSATION}`));
    expect(stale).toEqual(['conversations', 'messageUnread', 'notifications', 'unreadCount']);
  });

  it("another member's message: the conversation list and the unread total", async () => {
    const event: ServerEvent = {
      type: 'new_message',
      message: {
        id: 'm1',
        conversationId: CONVERSATION,
        senderId: OTHER,
        content: 'hi',
        messageType: 'text',
        isRead: false,
        createdAt: '',
      },
    } as ServerEvent;
    expect((await staleAfterEvent(event)).stale).toEqual(['conversations', 'messageUnread']);
    // Read at once in the open chat: the total stays.
    expect((await staleAfterEvent(event, CONVERSATION)).stale).toEqual(['conversations']);
  });

  it("'unread' sets the bell's count from the event and refreshes the lists it follows", async () => {
    const { stale, client } = await staleAfterEvent({ type: 'unread', count: 4 });
    expect(stale).toEqual(['conversations', 'messageUnread', 'notifications']);
    expect(client.getQueryData([...CACHED.unreadCount])).toEqual({ count: 4 });
  });

  it('typing and read receipts make nothing stale', async () => {
    expect(
      (await staleAfterEvent({ type: 'typing', conversationId: CONVERSATION, userId: OTHER, isTyping: true }))
        .stale,
    ).toEqual([]);
    expect(
      liveTargets(
        { type: 'messages_read', conversationId: CONVERSATION, readerId: OTHER },
        {
          memberId: ME,
          openConversationId: null,
        },
      ),
    ).toEqual([]);
  });

  it("focus refreshes the member's own lists, not the catalogue", async () => {
    const client = filledClient();
    await refresh(client, PERSONAL_TARGETS);
    expect(staleAfter(client).sort()).toEqual([
      'conversations',
      'favorites',
      'messageUnread',
      'network',
      'notifications',
      'savedSearches',
      'trades',
      'unreadCount',
      'wishlist',
      'wishlistMatches',
    ]);
  });
});

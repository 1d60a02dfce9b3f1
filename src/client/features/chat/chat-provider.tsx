import type { Item } from '@common/api/items';
import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useLocation, useSearch } from 'wouter';
import { i18n } from '@client/i18n';
import { toast } from '@client/components/ui/use-toast';
import { useAuth } from '@client/lib/session';
import { ItemActionsProvider, type ItemActions } from '@client/lib/item-actions';
import { errorText } from '@client/lib/api-error';
import { realtime, useRealtimeReconnect } from '@client/lib/socket';
import { useQueryClient } from '@tanstack/react-query';
import { useFindOrCreateConversation } from './api';
import { ChatContext, type ChatControls } from './chat-context';
import { useChatSync } from './chat-sync';
import { flushOutbox, resumeOutboxWhenOnline } from './outbox';

/* Members only: the floating button and its panel (a Radix popover) load on sign-in. */
const FloatingMessages = lazy(() =>
  import('./components/floating-messages').then((module) => ({ default: module.FloatingMessages })),
);
/* The chat dialog loads when a conversation first opens, outside the first bundle. */
const ChatDialog = lazy(() =>
  import('./components/chat-dialog').then((module) => ({ default: module.ChatDialog })),
);

/** As docs/product.md (Chat) has it: the floating messages button is on the members' home page. */
const HOME_PATH = '/';
/** Message notifications link to /?conversation={id} (any path works); it leads to /messages/{id}. */
const CONVERSATION_PARAM = 'conversation';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const INBOX_PATH = '/messages';
const CONVERSATION_PATH = /^\/messages\/([^/]+)\/?$/;
/** Marks a history entry the app pushed when opening a chat, so that closing it can go back. */
const OPENED_HERE = 'threadswapChatOpened';

/** A conversation's own address. */
export function conversationPath(conversationId: string): string {
  return `${INBOX_PATH}/${conversationId}`;
}

/** The conversation an address opens (/messages/{id}), or null. */
export function conversationIdOf(path: string): string | null {
  const id = CONVERSATION_PATH.exec(path)?.[1];
  return id && UUID.test(id) ? id.toLowerCase() : null;
}

/**
 * Chat for the whole app (docs/product.md (Chat) chat dialog and floating conversations panel):
 * - the member's real-time connection, opened on sign-in and closed on sign-out, and the cache
 *   updates it drives (chat, the bell);
 * - the floating messages button on the members' home page, and the conversations panel it opens
 *   (on any page from the avatar menu's 'Messages');
 * - the chat dialog, open while the address is a conversation's own (/messages/{id}): the panel,
 *   the inbox, an item's 'Message' button and /?conversation={id} all go there, pushing a history
 *   entry, so that Back closes the chat (on a phone, where it fills the screen, above all) and
 *   closing it goes back; under it is the inbox;
 * - `useChat()` for other entry points, such as the avatar menu's 'Messages'.
 */
export function ChatProvider({ children }: { children: ReactNode }) {
  const { user, isLoading: sessionLoading } = useAuth();
  const memberId = user?.id ?? null;
  const [panelOpen, setPanelOpen] = useState(false);
  const returnFocus = useRef<HTMLElement | null>(null);
  const floatingButton = useRef<HTMLButtonElement>(null);
  const { mutate: findOrCreate } = useFindOrCreateConversation();
  const [location, navigate] = useLocation();
  // The address says which chat is open (/messages/{id}); the last one stays set while the dialog
  // closes, so that its content does not vanish mid-animation.
  const routeConversationId = conversationIdOf(location);
  const [lastConversationId, setLastConversationId] = useState<string | null>(null);
  if (routeConversationId && routeConversationId !== lastConversationId) {
    setLastConversationId(routeConversationId);
  }
  const chat = lastConversationId
    ? { conversationId: lastConversationId, open: routeConversationId === lastConversationId }
    : null;

  useEffect(() => {
    if (!memberId) return;
    realtime.start();
    return () => realtime.stop();
  }, [memberId]);

  // Messages typed offline go once the browser is back online, or the socket is.
  const queryClient = useQueryClient();
  useEffect(() => (memberId ? resumeOutboxWhenOnline(queryClient) : undefined), [memberId, queryClient]);
  useRealtimeReconnect(() => void flushOutbox(queryClient));

  const openConversation = useCallback(
    (conversationId: string) => {
      // Focus goes back here when the chat closes (unless it has gone, e.g. the panel's row).
      returnFocus.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
      setPanelOpen(false);
      // A history entry of its own: Back (a phone's above all) closes the chat.
      navigate(conversationPath(conversationId), { state: { [OPENED_HERE]: true } });
    },
    [navigate],
  );

  /** Closing goes back to where the chat was opened from, or else to the inbox. */
  const closeConversation = useCallback(() => {
    const state: unknown = window.history.state;
    if (state && typeof state === 'object' && OPENED_HERE in state) window.history.back();
    else navigate(INBOX_PATH, { replace: true });
  }, [navigate]);

  const openConversationId = routeConversationId;
  useChatSync(memberId);
  useConversationLink(memberId, openConversation);

  const messageAbout = useCallback(
    (otherUserId: string, relatedItemId: string | null) =>
      findOrCreate(
        { otherUserId, relatedItemId },
        {
          onSuccess: (conversation) => openConversation(conversation.id),
          onError: (error) =>
            toast({
              title: i18n.t('chat:errors.openTitle'),
              description: errorText(error) ?? i18n.t('chat:errors.tryAgain'),
              variant: 'destructive',
            }),
        },
      ),
    [findOrCreate, openConversation],
  );

  const controls = useMemo<ChatControls>(
    () => ({ openMessages: () => setPanelOpen(true), openConversation, messageAbout, openConversationId }),
    [openConversation, messageAbout, openConversationId],
  );

  const itemActions = useMemo<ItemActions>(
    () => ({
      message: (item: Item) => {
        // Until the session check answers, nobody is known to be a visitor.
        if (sessionLoading) return;
        if (!memberId) {
          toast({
            title: i18n.t('chat:errors.signInTitle'),
            description: i18n.t('chat:errors.signInDescription'),
          });
          return;
        }
        if (item.userId === memberId) {
          toast({
            title: i18n.t('chat:errors.selfTitle'),
            description: i18n.t('chat:errors.selfDescription'),
            variant: 'destructive',
          });
          return;
        }
        findOrCreate(
          { otherUserId: item.userId, relatedItemId: item.id },
          {
            onSuccess: (conversation) => openConversation(conversation.id),
            // As docs/product.md (Chat) has it: chat errors are only logged.
            onError: (error) => console.error('Failed to open the conversation:', errorText(error) ?? error),
          },
        );
      },
    }),
    [findOrCreate, memberId, openConversation, sessionLoading],
  );

  const restoreFocus = (event: Event) => {
    event.preventDefault();
    const target = returnFocus.current?.isConnected
      ? returnFocus.current
      : (floatingButton.current ?? document.getElementById('main-content'));
    target?.focus();
  };

  return (
    <ChatContext.Provider value={controls}>
      <ItemActionsProvider actions={itemActions}>{children}</ItemActionsProvider>
      {memberId ? (
        <Suspense fallback={null}>
          <FloatingMessages
            ref={floatingButton}
            showButton={location === HOME_PATH}
            memberId={memberId}
            open={panelOpen}
            onOpenChange={setPanelOpen}
            onSelect={openConversation}
          />
        </Suspense>
      ) : null}
      {memberId && chat ? (
        <Suspense fallback={null}>
          <ChatDialog
            key={chat.conversationId}
            conversationId={chat.conversationId}
            memberId={memberId}
            open={chat.open}
            onOpenChange={(open) => {
              if (!open && chat.open) closeConversation();
            }}
            onCloseAutoFocus={restoreFocus}
          />
        </Suspense>
      ) : null}
    </ChatContext.Provider>
  );
}

/**
 * Opens the chat named by ?conversation={id} (message notifications link there), then drops the
 * parameter so that closing the chat, or reloading, does not open it again. Visitors keep it:
 * it opens once they sign in.
 */
function useConversationLink(memberId: string | null, open: (conversationId: string) => void): void {
  const search = useSearch();
  const [location, navigate] = useLocation();

  useEffect(() => {
    if (!memberId) return;
    const params = new URLSearchParams(search);
    const conversationId = params.get(CONVERSATION_PARAM);
    if (conversationId === null) return;
    params.delete(CONVERSATION_PARAM);
    const rest = params.toString();
    navigate(rest ? `${location}?${rest}` : location, { replace: true });
    if (UUID.test(conversationId)) open(conversationId);
  }, [memberId, search, location, navigate, open]);
}

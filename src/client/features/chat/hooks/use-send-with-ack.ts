import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { realtime, useRealtimeEvent } from '@client/lib/socket';
import { conversationKey, flattenMessages, sendMessage, type ConversationPages } from '../api';
import { hasWaiting, isOffline, queueMessage } from '../outbox';
import { windowTimers, type Timers } from './timers';

/** A message sent over the socket counts as lost when its echo has not come back by then. */
export const SEND_ACK_TIMEOUT_MS = 10_000;
/** The server's answer to typing before the join went through: harmless, and not about a send. */
const TYPING_ERROR = /before typing/i;

/**
 * Messages sent over the socket, waiting for their echo. `track` starts the wait; `echoed` (the
 * member's own message came back) ends it; `failed` (the server answered an error) and the timeout
 * give the oldest one up: unless a reconnect brought it back without its echo (more copies of it
 * in the conversation than when it was sent), its text goes back into the input (`restore`).
 */
export function createAckTracker({
  ownCopies,
  restore,
  timeoutMs = SEND_ACK_TIMEOUT_MS,
  timers = windowTimers,
}: {
  /** How many of the member's messages in the conversation have this text. */
  ownCopies: (content: string) => number;
  restore: (content: string) => void;
  timeoutMs?: number;
  timers?: Timers;
}) {
  const pending: Array<{ content: string; ownCopies: number; timer: number }> = [];
  const settle = (index: number, delivered: boolean) => {
    if (index < 0) return;
    const [entry] = pending.splice(index, 1);
    if (!entry) return;
    timers.clearTimeout(entry.timer);
    if (delivered) return;
    if (ownCopies(entry.content) > entry.ownCopies) return;
    console.error('A message sent over the real-time channel was not confirmed; it is back in the input');
    restore(entry.content);
  };
  return {
    track(content: string, copiesBefore: number) {
      const entry = { content, ownCopies: copiesBefore, timer: 0 };
      entry.timer = timers.setTimeout(() => settle(pending.indexOf(entry), false), timeoutMs);
      pending.push(entry);
    },
    echoed(content: string) {
      settle(
        pending.findIndex((entry) => entry.content === content),
        true,
      );
    },
    failed() {
      if (pending.length > 0) settle(0, false);
    },
    get waiting() {
      return pending.length;
    },
    dispose() {
      for (const entry of pending) timers.clearTimeout(entry.timer);
    },
  };
}

export type AckTracker = ReturnType<typeof createAckTracker>;

/** How a text message left: over the socket (its echo awaited), over HTTP, queued, or not at all. */
export type SendOutcome = 'socket' | 'http' | 'queued' | 'failed';

/**
 * Sends one text message. Offline, behind messages still waiting, or without a socket it waits in
 * the outbox ('Waiting to send') and goes in order; else over the socket (then `tracker` awaits its
 * echo) or HTTP. A failure is only logged (docs/product.md, Chat): the text goes back into the input
 * so nothing is lost, and sending it again is the retry.
 */
export async function sendText(
  {
    queryClient,
    conversationId,
    tracker,
    ownCopies,
    restore,
  }: {
    queryClient: QueryClient;
    conversationId: string;
    tracker: Pick<AckTracker, 'track'>;
    ownCopies: (content: string) => number;
    restore: (content: string) => void;
  },
  content: string,
): Promise<SendOutcome> {
  if (isOffline() || hasWaiting(conversationId) || !realtime.isOpen()) {
    queueMessage(queryClient, conversationId, content, restore);
    return 'queued';
  }
  const copiesBefore = ownCopies(content);
  let result: Awaited<ReturnType<typeof sendMessage>>;
  try {
    result = await sendMessage(queryClient, conversationId, content);
  } catch (sendError) {
    console.error('Failed to send the message', sendError);
    restore(content);
    return 'failed';
  }
  if (result !== 'socket') return 'http';
  tracker.track(content, copiesBefore);
  return 'socket';
}

/**
 * Sending with acknowledgement: `send(content)` sends a text message (sendText) and, over the
 * socket, waits for its echo; a message never echoed goes back into the input through `restore`.
 */
export function useSendWithAck(conversationId: string, memberId: string, restore: (content: string) => void) {
  const queryClient = useQueryClient();
  const ownCopies = useCallback(
    (content: string) =>
      flattenMessages(queryClient.getQueryData<ConversationPages>(conversationKey(conversationId))).filter(
        (entry) => entry.senderId === memberId && entry.content === content,
      ).length,
    [queryClient, conversationId, memberId],
  );
  // One tracker for the dialog's life; it reads the latest conversation and input through `latest`.
  const latest = useRef({ ownCopies, restore });
  useEffect(() => {
    latest.current = { ownCopies, restore };
  });
  const [tracker] = useState(() =>
    createAckTracker({
      ownCopies: (content) => latest.current.ownCopies(content),
      restore: (content) => latest.current.restore(content),
    }),
  );
  useEffect(() => () => tracker.dispose(), [tracker]);

  useRealtimeEvent((event) => {
    if (event.type === 'new_message') {
      const { message } = event;
      if (message.conversationId === conversationId && message.senderId === memberId)
        tracker.echoed(message.content);
    } else if (event.type === 'error' && !TYPING_ERROR.test(event.message)) {
      tracker.failed();
    }
  });

  return useCallback(
    (content: string) => sendText({ queryClient, conversationId, tracker, ownCopies, restore }, content),
    [queryClient, conversationId, tracker, ownCopies, restore],
  );
}

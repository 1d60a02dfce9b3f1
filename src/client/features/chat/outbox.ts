import type { Message } from '@common/api/chat';
import type { QueryClient } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';
import { apiRequest } from '@client/lib/api-client';
import { ApiError } from '@client/lib/api-error';
import { addMessageToCache, invalidateConversationList } from './api';

/** A text message typed while it could not go: shown as 'Waiting to send' until the server has it. */
export interface OutboxEntry {
  /** Sent with the message (POST /api/messages `clientId`): a resend never stores it twice. */
  clientId: string;
  conversationId: string;
  content: string;
  /** Told when the server refuses the message (a 4xx): it is dropped, the text goes back to the input. */
  onRefused: (content: string) => void;
}

/** While messages wait, sending is tried again this often (and at once when the browser is back online). */
const RETRY_MS = 5_000;
const EMPTY: readonly OutboxEntry[] = [];

let entries: readonly OutboxEntry[] = [];
const listeners = new Set<() => void>();
let flushing = false;
let retryTimer = 0;

function update(next: readonly OutboxEntry[]): void {
  entries = next;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Whether a conversation has messages waiting (then new ones queue behind them, in order). */
export function hasWaiting(conversationId: string): boolean {
  return entries.some((entry) => entry.conversationId === conversationId);
}

/** Whether the browser says it has no network (a message then waits rather than being lost). */
export function isOffline(): boolean {
  return typeof navigator !== 'undefined' && navigator.onLine === false;
}

/** A conversation's messages waiting to be sent, oldest first. */
export function useWaitingMessages(conversationId: string): readonly OutboxEntry[] {
  return useSyncExternalStore(
    subscribe,
    () => waitingSnapshot(conversationId),
    () => EMPTY,
  );
}

const snapshots = new Map<string, { source: readonly OutboxEntry[]; list: readonly OutboxEntry[] }>();
function waitingSnapshot(conversationId: string): readonly OutboxEntry[] {
  const cached = snapshots.get(conversationId);
  if (cached?.source === entries) return cached.list;
  const list = entries.filter((entry) => entry.conversationId === conversationId);
  const stable = list.length === 0 ? EMPTY : list;
  snapshots.set(conversationId, { source: entries, list: stable });
  return stable;
}

/**
 * Queues a text message and starts sending the queue: in order, one at a time, each with its
 * client id, so that a message whose answer was lost and is sent again is stored once.
 */
export function queueMessage(
  queryClient: QueryClient,
  conversationId: string,
  content: string,
  onRefused: (content: string) => void,
): void {
  update([...entries, { clientId: newClientId(), conversationId, content, onRefused }]);
  void flushOutbox(queryClient);
}

/** A random (version 4) UUID; `crypto.randomUUID` exists only on secure origins. */
function newClientId(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** Sends what waits, oldest first; stops at the first network failure and tries again later. */
export async function flushOutbox(queryClient: QueryClient): Promise<void> {
  if (flushing) return;
  flushing = true;
  window.clearTimeout(retryTimer);
  try {
    while (entries.length > 0 && !isOffline()) {
      const [entry] = entries as [OutboxEntry];
      try {
        const response = await apiRequest('POST', '/api/messages', {
          conversationId: entry.conversationId,
          content: entry.content,
          messageType: 'text',
          clientId: entry.clientId,
        });
        addMessageToCache(queryClient, (await response.json()) as Message);
        void invalidateConversationList(queryClient);
        update(entries.filter((waiting) => waiting !== entry));
      } catch (error) {
        // Refused by the server (not the network, not a server failure): it will never go.
        if (error instanceof ApiError && error.status >= 400 && error.status < 500 && error.status !== 429) {
          console.error('A waiting message was refused; it is back in the input', error);
          update(entries.filter((waiting) => waiting !== entry));
          entry.onRefused(entry.content);
          continue;
        }
        break;
      }
    }
  } finally {
    flushing = false;
    if (entries.length > 0) retryTimer = window.setTimeout(() => void flushOutbox(queryClient), RETRY_MS);
  }
}

/** Starts the queue again when the browser is back online; returns the cleanup. */
export function resumeOutboxWhenOnline(queryClient: QueryClient): () => void {
  const resume = () => void flushOutbox(queryClient);
  window.addEventListener('online', resume);
  return () => window.removeEventListener('online', resume);
}

/** Whether the browser is online, kept up to date (for the 'You're offline' line). */
export function useOnline(): boolean {
  return useSyncExternalStore(
    (listener) => {
      window.addEventListener('online', listener);
      window.addEventListener('offline', listener);
      return () => {
        window.removeEventListener('online', listener);
        window.removeEventListener('offline', listener);
      };
    },
    () => !isOffline(),
    () => true,
  );
}

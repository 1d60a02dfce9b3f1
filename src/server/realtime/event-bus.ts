/**
 * Events that must reach members' open sockets. They carry ids only (a NOTIFY payload stays small);
 * the receiving instance loads the rows. Published after the commit that made them true.
 */
export type BusEvent =
  | { kind: 'notification'; userId: string; notificationId: string }
  /** Both participants get the message, in every tab. */
  | { kind: 'message'; conversationId: string; messageId: string; participants: string[] }
  | { kind: 'typing'; conversationId: string; userId: string; recipientId: string; isTyping: boolean }
  /** The member's unread notification count changed. */
  | { kind: 'unread'; userId: string }
  | { kind: 'messages_read'; conversationId: string; readerId: string; recipientId: string }
  /**
   * Listed items or their owners' public fields changed (sent by database triggers, migration 0009):
   * every instance drops its cached marketplace responses.
   */
  | { kind: 'marketplace' };

export type BusListener = (event: BusEvent) => void;

export interface EventBus {
  publish(event: BusEvent): Promise<void>;
  subscribe(listener: BusListener): () => void;
  close(): Promise<void>;
}

/** One process: events go straight to this instance's listeners (PGlite, or tests). */
export function createLocalBus(): EventBus {
  const listeners = new Set<BusListener>();
  return {
    async publish(event) {
      for (const listener of listeners) listener(event);
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async close() {
      listeners.clear();
    },
  };
}

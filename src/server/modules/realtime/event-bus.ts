import type { Message } from '../../../common/api/chat';

/**
 * Events that must reach members' open sockets. They carry ids (a NOTIFY payload stays small); the
 * receiving instance loads the rows. Published after the commit that made them true.
 */
export type BusEvent =
  | { kind: 'notification'; userId: string; notificationId: string }
  /**
   * Both participants get the message, in every tab. The message itself rides along when it is
   * small enough (see INLINE_MESSAGE_MAX_BYTES), so that no instance has to load it.
   */
  | { kind: 'message'; conversationId: string; messageId: string; participants: string[]; message?: Message }
  | { kind: 'typing'; conversationId: string; userId: string; recipientId: string; isTyping: boolean }
  /** The member's unread notification count changed. */
  | { kind: 'unread'; userId: string }
  | { kind: 'messages_read'; conversationId: string; readerId: string; recipientId: string }
  /** Sessions of this member ended: every instance closes the member's sockets whose session is gone. */
  | { kind: 'sessions_ended'; userId: string }
  /**
   * Members' rows or sessions changed (sent by database triggers, migration 0034): every instance
   * forgets the sessions it keeps of them (lib/session-cache.ts); without `ids`, every session.
   */
  | { kind: 'members'; ids?: string[] }
  /**
   * Listed items or their owners' public fields changed (sent by database triggers, migrations 0009
   * and 0030): every instance drops the cached marketplace responses the change may affect. `items`
   * lists the changed items as `[id, category, gender, flags]` (lib/marketplace-dependencies.ts); without
   * it, anything may have changed and every cached response goes.
   */
  | { kind: 'marketplace'; items?: Array<[string, string, string, number]> }
  /**
   * Sent by an instance after one of its writes, to itself: once it arrives, every notification
   * of that write's (earlier) commit has arrived too (items/marketplace-cache.ts).
   */
  | { kind: 'marketplace_barrier'; token: string };

/**
 * The PostgreSQL channel events travel on between instances; database triggers (migration 0009)
 * notify it too.
 */
export const BUS_CHANNEL = 'threadswap_events';

export type BusListener = (event: BusEvent) => void;

/** PostgreSQL refuses NOTIFY payloads of 8000 bytes or more. */
export const MAX_PAYLOAD_BYTES = 7900;
/** A serialized message up to this size travels inside its event, well under MAX_PAYLOAD_BYTES. */
export const INLINE_MESSAGE_MAX_BYTES = 6000;

export interface EventBus {
  /**
   * True when the bus also delivers what the database triggers notify (the PostgreSQL bus, which
   * LISTENs on BUS_CHANNEL); the local bus hears only what is published on it.
   */
  readonly hearsDatabase?: boolean;
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

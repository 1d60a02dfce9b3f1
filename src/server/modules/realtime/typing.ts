/**
 * Typing indicators: a member's typing in one conversation reaches the others at most once per
 * TYPING_INTERVAL_MS, over all their sockets on this instance, and never reaches a member blocked
 * either way.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { ServiceContext } from '../../lib/service-context';
import { isBlockedBetween } from '../safety';
import { type Connection, send } from './connections';
import type { EventBus } from './event-bus';

/**
 * A member's typing in one conversation reaches the others at most once in this long, whatever the
 * number of their sockets or frames; the rest is dropped, but for a change of state (a stop after a
 * start), which goes out at the end of the wait.
 */
export const TYPING_INTERVAL_MS = 2000;

/** What a member's typing in one conversation last passed on, and a change waiting for its turn. */
interface TypingGate {
  sentAt: number;
  isTyping: boolean;
  waiting?: { connection: Connection; recipients: string[]; isTyping: boolean };
  timer?: NodeJS.Timeout;
}

export function typingGates(ctx: ServiceContext, bus: EventBus, log: FastifyBaseLogger) {
  /** Per member with a socket here, per conversation. */
  const typingGates = new Map<string, Map<string, TypingGate>>();
  const forgetTyping = (userId: string) => {
    for (const gate of typingGates.get(userId)?.values() ?? []) clearTimeout(gate.timer);
    typingGates.delete(userId);
  };
  /** Every member's gates, when the gateway closes. */
  const forgetAll = () => {
    for (const userId of [...typingGates.keys()]) forgetTyping(userId);
  };

  /**
   * Lets the member's typing in a conversation through at most once per TYPING_INTERVAL_MS, over all
   * their sockets here. What comes sooner is dropped, unless it changes the state last sent: then the
   * latest such goes out once the interval is over.
   */
  async function gateTyping(
    connection: Connection,
    conversationId: string,
    recipients: string[],
    isTyping: boolean,
  ) {
    const gates = typingGates.get(connection.userId) ?? new Map<string, TypingGate>();
    typingGates.set(connection.userId, gates);
    const gate = gates.get(conversationId);
    const now = Date.now();
    if (!gate || (!gate.timer && now - gate.sentAt >= TYPING_INTERVAL_MS)) {
      gates.set(conversationId, { sentAt: now, isTyping });
      return sendTyping(connection, conversationId, recipients, isTyping);
    }
    gate.waiting = isTyping === gate.isTyping ? undefined : { connection, recipients, isTyping };
    if (!gate.waiting || gate.timer) return;
    gate.timer = setTimeout(
      () => {
        const waiting = gate.waiting;
        gate.timer = undefined;
        gate.waiting = undefined;
        if (!waiting) return;
        gate.sentAt = Date.now();
        gate.isTyping = waiting.isTyping;
        sendTyping(waiting.connection, conversationId, waiting.recipients, waiting.isTyping).catch((error) =>
          log.warn({ err: error }, 'typing event failed'),
        );
      },
      gate.sentAt + TYPING_INTERVAL_MS - now,
    );
    gate.timer.unref();
  }

  async function sendTyping(
    connection: Connection,
    conversationId: string,
    recipients: string[],
    isTyping: boolean,
  ) {
    if (
      recipients.length === 1 &&
      (await isBlockedBetween(ctx.db, connection.userId, recipients[0] as string))
    )
      return send(connection, { type: 'error', message: 'You cannot contact this member' });
    // In a ring's thread, members blocked either way since the ring formed do not see each other typing.
    const told = [];
    for (const recipientId of recipients)
      if (recipients.length === 1 || !(await isBlockedBetween(ctx.db, connection.userId, recipientId)))
        told.push(
          bus.publish({
            kind: 'typing',
            conversationId,
            userId: connection.userId,
            recipientId,
            isTyping,
          }),
        );
    await Promise.all(told);
  }

  return { gateTyping, forgetTyping, forgetAll };
}

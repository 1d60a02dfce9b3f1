import { SESSION_ENDED_CLOSE } from '../../../common/realtime-close-codes';
import { randomUUID } from 'node:crypto';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { WebSocket } from 'ws';
import { clientEvent, type ServerEvent } from '../../../common/realtime';
import { findUnsafeText, UNSAFE_TEXT_MESSAGE } from '../../../common/domain/unsafe-text';
import { assertEmailVerified } from '../../lib/email-verification';
import { forbidden, HttpError, tooManyRequests } from '../../lib/errors';
import { isSameOrigin } from '../../lib/origin-guard';
import * as chat from '../chat';
import { getNotification, unreadCount } from '../notifications';
import { isBlockedBetween } from '../safety';
import { liveSessions } from '../../lib/session';
import type { BusEvent } from './event-bus';

const HEARTBEAT_MS = 30_000;
/**
 * The heartbeat runs in this many slices spread over its interval (one every 300 ms by default), each
 * over the sockets opened into it: every socket is still pinged, and its session and presence checked,
 * once per interval, but never all 10,000 in one turn of the event loop (see decision 005).
 */
export const HEARTBEAT_SLICES = 100;
/** Close code for a socket whose session ended (logout, password change, expiry, …). */
export { SESSION_ENDED_CLOSE };
/** Close code for a socket past its member's limit (MAX_SOCKETS_PER_MEMBER) that raced past the upgrade's check. */
export const TOO_MANY_SOCKETS_CLOSE = 4029;
/**
 * Open sockets one member may hold on one instance: a socket per tab, ten tabs. Past it the upgrade
 * is refused with 429, so that one session cannot hold thousands of sockets.
 */
export const MAX_SOCKETS_PER_MEMBER = 10;
/**
 * A member's typing in one conversation reaches the others at most once in this long, whatever the
 * number of their sockets or frames; the rest is dropped, but for a change of state (a stop after a
 * start), which goes out at the end of the wait.
 */
export const TYPING_INTERVAL_MS = 2000;
/** Per connection: a burst of 30 frames, refilled at 10 a second; far past that the socket is closed. */
const RATE_BURST = 30;
const RATE_PER_SECOND = 10;
const MAX_REFUSED = 50;

interface Connection {
  id: string;
  userId: string;
  /** The session the socket was opened with; the socket lives no longer than it. */
  sessionId: string;
  /** Until then the session is known valid; past it the next frame checks it again. */
  validUntil: number;
  /** Set once its session is found ended: nothing more is handled, even frames already queued. */
  ended: boolean;
  socket: WebSocket;
  /** Joined conversations and who else is in each (one member, or a ring's other members). */
  rooms: Map<string, string[]>;
  alive: boolean;
  /** Its slice of the heartbeat. */
  slice: Set<Connection>;
  tokens: number;
  lastRefill: number;
  refused: number;
}

/**
 * The WebSocket gateway at /ws: a room per member for their notifications and messages,
 * authenticated by the session cookie, fed by the event bus so that every instance delivers to its
 * own sockets (realtime.listeners.ts puts committed events on the bus).
 */
export interface RealtimeGatewayOptions {
  /** How often sockets are pinged and their sessions checked; tests shorten it. */
  heartbeatMs?: number;
}

/** What a member's typing in one conversation last passed on, and a change waiting for its turn. */
interface TypingGate {
  sentAt: number;
  isTyping: boolean;
  waiting?: { connection: Connection; recipients: string[]; isTyping: boolean };
  timer?: NodeJS.Timeout;
}

export const realtimeGateway: FastifyPluginAsyncZod<RealtimeGatewayOptions> = async (app, options) => {
  const ctx = app.services;
  const byUser = new Map<string, Set<Connection>>();
  /** Per member with a socket here, per conversation. */
  const typingGates = new Map<string, Map<string, TypingGate>>();
  const forgetTyping = (userId: string) => {
    for (const gate of typingGates.get(userId)?.values() ?? []) clearTimeout(gate.timer);
    typingGates.delete(userId);
  };

  /**
   * Closes the connections whose session no longer exists or has expired (one query for all).
   * Runs when a member's sessions end on any instance, on every heartbeat, and on a frame that
   * arrives past the session's known deadline.
   */
  async function closeEnded(list: Connection[]) {
    const open = list.filter((connection) => !connection.ended);
    if (open.length === 0) return;
    const live = await liveSessions(
      ctx,
      open.map((connection) => connection.sessionId),
    );
    for (const connection of open) {
      const endsAt = live.get(connection.sessionId);
      if (endsAt) {
        connection.validUntil = endsAt.getTime();
        continue;
      }
      connection.ended = true;
      connection.socket.close(SESSION_ENDED_CLOSE, 'Session ended');
    }
  }
  const checkSessions = (list: Connection[]) =>
    closeEnded(list).catch((error) => app.log.warn({ err: error }, 'session check failed'));

  const send = (connection: Connection, event: ServerEvent | string) => {
    if (connection.socket.readyState === connection.socket.OPEN)
      connection.socket.send(typeof event === 'string' ? event : JSON.stringify(event));
  };
  /** Serialised once, however many sockets (tabs, members) it goes to. */
  const sendTo = (userIds: string | readonly string[], event: ServerEvent) => {
    let frame: string | undefined;
    for (const userId of typeof userIds === 'string' ? [userIds] : userIds)
      for (const connection of byUser.get(userId) ?? []) send(connection, (frame ??= JSON.stringify(event)));
  };
  const present = (userId: string) => (byUser.get(userId)?.size ?? 0) > 0;

  async function deliver(event: BusEvent) {
    switch (event.kind) {
      case 'notification': {
        if (!present(event.userId)) return;
        const notification = await getNotification(ctx, event.userId, event.notificationId);
        if (notification) sendTo(event.userId, { type: 'notification', notification });
        sendTo(event.userId, { type: 'unread', count: await unreadCount(ctx, event.userId) });
        return;
      }
      case 'unread':
        if (present(event.userId))
          sendTo(event.userId, { type: 'unread', count: await unreadCount(ctx, event.userId) });
        return;
      case 'message': {
        const local = event.participants.filter(present);
        if (local.length === 0) return;
        const message = event.message ?? (await chat.loadMessage(ctx, event.messageId));
        if (message) sendTo(local, { type: 'new_message', message });
        return;
      }
      case 'typing':
        sendTo(event.recipientId, {
          type: 'typing',
          conversationId: event.conversationId,
          userId: event.userId,
          isTyping: event.isTyping,
        });
        return;
      case 'messages_read':
        sendTo(event.recipientId, {
          type: 'messages_read',
          conversationId: event.conversationId,
          readerId: event.readerId,
        });
        return;
      case 'sessions_ended':
        await checkSessions([...(byUser.get(event.userId) ?? [])]);
        return;
      case 'marketplace':
      case 'marketplace_barrier':
      case 'members':
        return;
    }
  }
  const unsubscribe = app.bus.subscribe((event) => {
    deliver(event).catch((error) => app.log.error({ err: error }, 'realtime delivery failed'));
  });

  // Heartbeat: drop sockets that stopped answering pings; keep presence rows of live ones fresh. Each
  // tick takes one slice: a socket joins the slice with the fewest sockets when it opens, so each
  // slice holds about 1/HEARTBEAT_SLICES of them and each socket comes round once per interval.
  const slices = Array.from({ length: HEARTBEAT_SLICES }, () => new Set<Connection>());
  const smallestSlice = () =>
    slices.reduce((smallest, slice) => (slice.size < smallest.size ? slice : smallest));
  let nextSlice = 0;
  const heartbeat = setInterval(
    () => {
      const slice = [...(slices[nextSlice] as Set<Connection>)];
      nextSlice = (nextSlice + 1) % HEARTBEAT_SLICES;
      if (slice.length === 0) return;
      const viewing: string[] = [];
      for (const connection of slice) {
        if (!connection.alive) {
          connection.socket.terminate();
          continue;
        }
        connection.alive = false;
        connection.socket.ping();
        if (connection.rooms.size > 0) viewing.push(connection.id);
      }
      chat
        .touchViewing(ctx, viewing)
        .catch((error) => app.log.warn({ err: error }, 'presence refresh failed'));
      void checkSessions(slice);
    },
    (options.heartbeatMs ?? HEARTBEAT_MS) / HEARTBEAT_SLICES,
  );
  heartbeat.unref();

  app.addHook('onClose', async () => {
    clearInterval(heartbeat);
    unsubscribe();
    for (const userId of [...typingGates.keys()]) forgetTyping(userId);
    for (const connections of byUser.values())
      for (const connection of connections) connection.socket.terminate();
  });

  function allow(connection: Connection) {
    const now = Date.now();
    connection.tokens = Math.min(
      RATE_BURST,
      connection.tokens + ((now - connection.lastRefill) / 1000) * RATE_PER_SECOND,
    );
    connection.lastRefill = now;
    if (connection.tokens >= 1) {
      connection.tokens -= 1;
      return true;
    }
    connection.refused += 1;
    if (connection.refused > MAX_REFUSED) connection.socket.close(1008, 'Too many messages');
    return false;
  }

  /** A frame past the session's known deadline waits for a fresh look at the session first. */
  async function handleFrame(connection: Connection, raw: string) {
    if (Date.now() >= connection.validUntil) await closeEnded([connection]);
    if (connection.ended) return;
    await handle(connection, raw);
  }

  async function handle(connection: Connection, raw: string) {
    let data: unknown;
    try {
      data = JSON.parse(raw);
    } catch {
      return send(connection, { type: 'error', message: 'Frames must be JSON objects' });
    }
    const unsafe = findUnsafeText(data);
    if (unsafe) {
      return send(connection, {
        type: 'error',
        message: `Invalid event: ${unsafe.join('.') || 'frame'} ${UNSAFE_TEXT_MESSAGE}`,
      });
    }
    const parsed = clientEvent.safeParse(data);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      return send(connection, {
        type: 'error',
        message: `Invalid event: ${issue?.path.join('.') || 'type'} ${issue?.message ?? ''}`.trim(),
      });
    }
    const event = parsed.data;
    switch (event.type) {
      case 'join_conversation': {
        const conversation = await chat.requireParticipant(ctx, connection.userId, event.conversationId);
        const others = conversation.ringId
          ? await chat.otherGroupMembers(ctx.db, conversation.id, connection.userId)
          : [
              (conversation.participant1Id === connection.userId
                ? conversation.participant2Id
                : conversation.participant1Id) as string,
            ];
        connection.rooms.clear();
        connection.rooms.set(conversation.id, others);
        await chat.markViewing(ctx, connection.userId, connection.id, conversation.id);
        return send(connection, { type: 'joined', conversationId: conversation.id });
      }
      case 'leave_conversation':
        connection.rooms.delete(event.conversationId);
        return chat.stopViewing(ctx, connection.id);
      case 'send_message':
        await assertEmailVerified(ctx.db, app.config.mail.requireEmailVerification, connection.userId);
        await chat.sendMessage(
          ctx,
          connection.userId,
          event.message.conversationId,
          event.message.content,
          undefined,
          app.memberLimiter.inStatement('message', connection.userId),
        );
        return;
      case 'typing': {
        const recipients = connection.rooms.get(event.conversationId);
        if (!recipients)
          return send(connection, { type: 'error', message: 'Join the conversation before typing in it' });
        return gateTyping(connection, event.conversationId, recipients, event.isTyping);
      }
    }
  }

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
          app.log.warn({ err: error }, 'typing event failed'),
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
          app.bus.publish({
            kind: 'typing',
            conversationId,
            userId: connection.userId,
            recipientId,
            isTyping,
          }),
        );
    await Promise.all(told);
  }

  app.get(
    '/ws',
    {
      websocket: true,
      config: { auth: 'member' },
      preValidation: async (request) => {
        if (!isSameOrigin(request)) throw forbidden('request.cross_origin_socket');
        if ((byUser.get(request.member.id)?.size ?? 0) >= MAX_SOCKETS_PER_MEMBER)
          throw tooManyRequests('realtime.too_many_connections', {}, 30);
      },
    },
    async (socket, request) => {
      const user = request.member;
      const connections = byUser.get(user.id) ?? new Set();
      // Upgrades that were under way together all passed the check above: the ones past the limit end here.
      if (connections.size >= MAX_SOCKETS_PER_MEMBER) {
        socket.close(TOO_MANY_SOCKETS_CLOSE, 'Too many open connections');
        return;
      }
      const connection: Connection = {
        id: randomUUID(),
        userId: user.id,
        sessionId: request.memberSession.sessionId,
        validUntil: request.memberSession.endsAt.getTime(),
        ended: false,
        socket,
        rooms: new Map(),
        alive: true,
        slice: smallestSlice(),
        tokens: RATE_BURST,
        lastRefill: Date.now(),
        refused: 0,
      };
      connections.add(connection);
      byUser.set(user.id, connections);
      connection.slice.add(connection);

      socket.on('pong', () => {
        connection.alive = true;
      });
      socket.on('message', (data, isBinary) => {
        if (connection.ended) return;
        if (isBinary) return send(connection, { type: 'error', message: 'Frames must be JSON text' });
        if (!allow(connection))
          return send(connection, { type: 'error', message: 'Too many messages: slow down' });
        handleFrame(connection, data.toString()).catch((error: unknown) => {
          if (error instanceof HttpError && error.statusCode < 500)
            return send(connection, { type: 'error', message: error.message });
          app.log.error({ err: error }, 'realtime event failed');
          send(connection, { type: 'error', message: 'Something went wrong; please try again' });
        });
      });
      socket.on('close', () => {
        connections.delete(connection);
        connection.slice.delete(connection);
        if (connections.size === 0) {
          byUser.delete(user.id);
          forgetTyping(user.id);
        }
        chat.stopViewing(ctx, connection.id).catch(() => undefined);
      });
      // The session may have ended between the upgrade and now, with its event already gone by.
      await closeEnded([connection]);
      if (connection.ended) return;
      send(connection, { type: 'unread', count: await unreadCount(ctx, user.id) });
    },
  );
};

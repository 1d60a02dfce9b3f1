/*
 * The WebSocket gateway at /ws. This file opens and closes the sockets (authentication, limits) and
 * wires the parts: connections.ts (the open sockets, sending, the frame rate limit),
 * session-checks.ts (a socket ends with its session), bus-delivery.ts (events from the bus to the
 * sockets), client-frames.ts (what a socket sends), typing.ts (typing indicators, gated) and
 * heartbeat.ts (pings, presence).
 */
import { SESSION_ENDED_CLOSE } from '../../../common/realtime-close-codes';
import { randomUUID } from 'node:crypto';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { forbidden, HttpError, tooManyRequests } from '../../lib/errors';
import { isSameOrigin } from '../../lib/origin-guard';
import * as chat from '../chat';
import { unreadCount } from '../notifications';
import { busDelivery } from './bus-delivery';
import { frameHandler } from './client-frames';
import { allow, type Connection, type ConnectionsByMember, RATE_BURST, send } from './connections';
import { startHeartbeat } from './heartbeat';
import { sessionChecks } from './session-checks';
import { typingGates } from './typing';

export { HEARTBEAT_SLICES } from './heartbeat';
export { TYPING_INTERVAL_MS } from './typing';
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
 * The WebSocket gateway at /ws: a room per member for their notifications and messages,
 * authenticated by the session cookie, fed by the event bus so that every instance delivers to its
 * own sockets (realtime.listeners.ts puts committed events on the bus).
 */
export interface RealtimeGatewayOptions {
  /** How often sockets are pinged and their sessions checked; tests shorten it. */
  heartbeatMs?: number;
}

export const realtimeGateway: FastifyPluginAsyncZod<RealtimeGatewayOptions> = async (app, options) => {
  const ctx = app.services;
  const byUser: ConnectionsByMember = new Map();
  const typing = typingGates(ctx, app.bus, app.log);
  const { closeEnded, checkSessions } = sessionChecks(ctx, app.log);

  const deliver = busDelivery(ctx, byUser, checkSessions);
  const unsubscribe = app.bus.subscribe((event) => {
    deliver(event).catch((error) => app.log.error({ err: error }, 'realtime delivery failed'));
  });

  const heartbeat = startHeartbeat(ctx, app.log, checkSessions, options.heartbeatMs);

  app.addHook('onClose', async () => {
    heartbeat.stop();
    unsubscribe();
    typing.forgetAll();
    for (const connections of byUser.values())
      for (const connection of connections) connection.socket.terminate();
  });

  const handleFrame = frameHandler({ ctx, app, closeEnded, gateTyping: typing.gateTyping });

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
        slice: heartbeat.smallestSlice(),
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
          typing.forgetTyping(user.id);
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

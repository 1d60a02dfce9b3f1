/**
 * The gateway's open sockets on this instance: one record per socket, grouped by member; how frames
 * reach them; and the rate limit on what a socket sends.
 */
import type { WebSocket } from 'ws';
import type { ServerEvent } from '../../../common/realtime';

/** Per connection: a burst of 30 frames, refilled at 10 a second; far past that the socket is closed. */
export const RATE_BURST = 30;
const RATE_PER_SECOND = 10;
const MAX_REFUSED = 50;

export interface Connection {
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
  /** Its slice of the heartbeat (heartbeat.ts). */
  slice: Set<Connection>;
  tokens: number;
  lastRefill: number;
  refused: number;
}

/** Every member with a socket on this instance, with their open sockets (a socket per tab). */
export type ConnectionsByMember = Map<string, Set<Connection>>;

export const send = (connection: Connection, event: ServerEvent | string) => {
  if (connection.socket.readyState === connection.socket.OPEN)
    connection.socket.send(typeof event === 'string' ? event : JSON.stringify(event));
};

/** Serialised once, however many sockets (tabs, members) it goes to. */
export const sendTo = (
  byUser: ConnectionsByMember,
  userIds: string | readonly string[],
  event: ServerEvent,
) => {
  let frame: string | undefined;
  for (const userId of typeof userIds === 'string' ? [userIds] : userIds)
    for (const connection of byUser.get(userId) ?? []) send(connection, (frame ??= JSON.stringify(event)));
};

/** The member has a socket open on this instance. */
export const present = (byUser: ConnectionsByMember, userId: string) => (byUser.get(userId)?.size ?? 0) > 0;

/** Takes one frame from the socket's budget; a socket refused far past it is closed. */
export function allow(connection: Connection) {
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

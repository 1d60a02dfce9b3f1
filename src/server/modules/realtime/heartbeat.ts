/**
 * The gateway's heartbeat: sockets that stopped answering pings are dropped, the presence rows of
 * live ones that view a conversation are kept fresh, and their sessions are checked.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { ServiceContext } from '../../lib/service-context';
import * as chat from '../chat';
import type { Connection } from './connections';

export const HEARTBEAT_MS = 30_000;
/**
 * The heartbeat runs in this many slices spread over its interval (one every 300 ms by default), each
 * over the sockets opened into it: every socket is still pinged, and its session and presence checked,
 * once per interval, but never all 10,000 in one turn of the event loop (see decision 005).
 */
export const HEARTBEAT_SLICES = 100;

/**
 * Starts the heartbeat. Each tick takes one slice: a socket joins the slice with the fewest sockets
 * when it opens (`smallestSlice`), so each slice holds about 1/HEARTBEAT_SLICES of them and each
 * socket comes round once per interval. `stop` ends it when the gateway closes.
 */
export function startHeartbeat(
  ctx: ServiceContext,
  log: FastifyBaseLogger,
  checkSessions: (list: Connection[]) => Promise<unknown>,
  heartbeatMs = HEARTBEAT_MS,
) {
  const slices = Array.from({ length: HEARTBEAT_SLICES }, () => new Set<Connection>());
  const smallestSlice = () =>
    slices.reduce((smallest, slice) => (slice.size < smallest.size ? slice : smallest));
  let nextSlice = 0;
  const heartbeat = setInterval(() => {
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
    chat.touchViewing(ctx, viewing).catch((error) => log.warn({ err: error }, 'presence refresh failed'));
    void checkSessions(slice);
  }, heartbeatMs / HEARTBEAT_SLICES);
  heartbeat.unref();
  return { smallestSlice, stop: () => clearInterval(heartbeat) };
}

/** A socket lives no longer than the session it was opened with: the checks that close it when that ends. */
import type { FastifyBaseLogger } from 'fastify';
import { SESSION_ENDED_CLOSE } from '../../../common/realtime-close-codes';
import { liveSessions } from '../../lib/session';
import type { ServiceContext } from '../../lib/service-context';
import type { Connection } from './connections';

export function sessionChecks(ctx: ServiceContext, log: FastifyBaseLogger) {
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
  /** closeEnded that logs its failure instead of throwing (the heartbeat and the bus run it). */
  const checkSessions = (list: Connection[]) =>
    closeEnded(list).catch((error) => log.warn({ err: error }, 'session check failed'));
  return { closeEnded, checkSessions };
}

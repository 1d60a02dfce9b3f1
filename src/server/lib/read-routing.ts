import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../db/connect';
import type { ReadReplicas } from '../db/read-replicas';
import { isRead } from './read-only-route';

/**
 * Which database a read-only marketplace query goes to: a streaming replica when one qualifies,
 * otherwise the primary (docs/decisions/025-read-replicas.md). The rules:
 *
 * 1. No replica serves a read unless it has replayed every change to the marketplace this instance
 *    has heard of (the change feed the cache uses): whatever a read loads, the cache may keep, and
 *    the cache assumes that a load begun after a change was heard sees that change.
 * 2. A member who wrote through this instance is read from replicas that have that write (the
 *    time of their last write is kept in the process for the window below).
 * 3. A browser that wrote through any instance carries a short cookie for the window: its reads go
 *    to the primary, whichever instance answers.
 * 4. A replica lagging more than maxLagMs, or down, serves nothing.
 *
 * The window is maxLagMs plus a margin: once it has passed, any replica allowed to serve (rule 4)
 * has replayed past the write.
 */
export interface ReadRouter {
  /** The database for a read by `request` (of `memberId` when known). */
  dbFor(request: FastifyRequest | undefined, memberId?: string): Db;
  replicas: ReadReplicas;
}

/** DATABASE_READ_MAX_LAG_SECONDS's default. */
export const DEFAULT_READ_MAX_LAG_MS = 2_000;
/** Set on a browser that wrote: "my next reads must see my writes". */
export const RECENT_WRITE_COOKIE = 'ts_wrote';
/** Added to the lag bound for the cookie's life and the member window (clock ticks, delivery). */
const WINDOW_MARGIN_MS = 1_000;
/** The member map is pruned when it grows past this. */
const PRUNE_AT = 10_000;

export function installReadRouting(
  app: FastifyInstance,
  replicas: ReadReplicas,
  options: { primary: Db; maxLagMs: number },
): ReadRouter {
  const windowMs = options.maxLagMs + WINDOW_MARGIN_MS;
  const cookieSeconds = Math.ceil(windowMs / 1000);
  /** performance.now() of each member's last write through this instance. */
  const lastWrite = new Map<string, number>();
  /** performance.now() at which this instance last heard of a change to the marketplace. */
  let lastChange = 0;

  const unsubscribe = app.bus.subscribe((event) => {
    if (event.kind !== 'marketplace' && event.kind !== 'marketplace_barrier') return;
    lastChange = performance.now();
    replicas.checkSoon();
  });

  function prune(now: number) {
    for (const [member, at] of lastWrite) if (now - at > windowMs) lastWrite.delete(member);
  }

  app.addHook('onSend', async (request, reply, payload) => {
    if (isRead(request) || reply.statusCode >= 400) return payload;
    const now = performance.now();
    const auth = request.routeOptions.config.auth;
    if (auth && auth !== 'public') {
      lastWrite.set(request.member.id, now);
      if (lastWrite.size > PRUNE_AT) prune(now);
    }
    reply.setCookie(RECENT_WRITE_COOKIE, '1', {
      path: '/',
      httpOnly: true,
      sameSite: 'lax',
      secure: app.config.cookieSecure,
      maxAge: cookieSeconds,
    });
    replicas.checkSoon();
    return payload;
  });

  app.addHook('onClose', async () => {
    unsubscribe();
    await replicas.close();
  });

  return {
    replicas,
    dbFor(request, memberId) {
      if (request?.cookies[RECENT_WRITE_COOKIE] !== undefined) return options.primary;
      let freshSince = lastChange;
      if (memberId !== undefined) {
        const wrote = lastWrite.get(memberId);
        if (wrote !== undefined && wrote > freshSince) freshSince = wrote;
      }
      return replicas.pick(freshSince) ?? options.primary;
    },
  };
}

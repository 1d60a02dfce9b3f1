import type { FastifyInstance } from 'fastify';
import { isRead } from '../../lib/read-only-route';
import { loadedSession, type MemberSessionCache, type SessionUser } from '../../lib/session';
import { SessionCache } from '../../lib/session-cache';
import { BUS_CHANNEL, type BusEvent } from '../realtime';

/**
 * The instance's session cache (lib/session-cache.ts), on only where the database's notifications
 * of changed members reach this instance (PGlite, or PostgreSQL with its LISTEN bus): otherwise a
 * member changed elsewhere could be served from memory until the TTL.
 */
export async function installSessionCache(app: FastifyInstance) {
  const pglite = app.database.pglite;
  const seconds = app.config.sessionCacheSeconds ?? 5;
  const heard = Boolean(pglite || app.bus.hearsDatabase);
  const cache: MemberSessionCache = new SessionCache<SessionUser>({ ttlMs: heard ? seconds * 1000 : 0 });
  app.decorate('sessionCache', cache);
  if (!cache.enabled) return;

  const onEvent = (event: BusEvent) => {
    if (event.kind === 'sessions_ended') cache.forgetMembers([event.userId]);
    else if (event.kind === 'members') {
      if (event.ids) cache.forgetMembers(event.ids);
      else cache.clear();
    }
  };
  const unsubscribe = app.bus.subscribe(onEvent);
  // PGlite's notifications do not travel on the local bus; it delivers them with the COMMIT's answer.
  const unlisten = await pglite?.listen(BUS_CHANNEL, (payload) => {
    if (!payload.includes('"members"')) return;
    try {
      onEvent(JSON.parse(payload) as BusEvent);
    } catch {
      cache.clear();
    }
  });
  // A member's own write is seen by their next request on this instance at once, whatever it
  // changed, without waiting for the notification.
  app.addHook('onSend', async (request, _reply, payload) => {
    if (isRead(request)) return payload;
    const session = await loadedSession(request);
    if (session) cache.forgetMembers([session.user.id]);
    return payload;
  });
  app.addHook('onClose', async () => {
    unsubscribe();
    await unlisten?.().catch(() => undefined);
  });
}

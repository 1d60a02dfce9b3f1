import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, ne, sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Db, Tx } from '../db/connect';
import { sessions, users } from '../db/schema';
import type { Effects } from './domain-events';
import type { ServiceContext } from './service-context';
import type { SessionCache } from './session-cache';

export const SESSION_COOKIE = 'ts_session';
/** A session unused this long ends (ASVS 7.3.1). */
export const SESSION_IDLE_MS = 14 * 24 * 60 * 60 * 1000;
/** A session ends this long after sign-in, however active (ASVS 7.3.2). */
export const SESSION_ABSOLUTE_MS = 30 * 24 * 60 * 60 * 1000;
/** lastSeenAt is written at most this often, so that reads stay reads. */
const TOUCH_INTERVAL_MS = 5 * 60 * 1000;

export type SessionUser = typeof users.$inferSelect;

export const hashToken = (token: string) => createHash('sha256').update(token).digest('base64url');

/** The User-Agent as stored: enough to name a device, bounded whatever the client sends. */
const MAX_USER_AGENT = 512;

export async function createSession(db: Db, userId: string, userAgent?: string): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await db.insert(sessions).values({
    tokenHash: hashToken(token),
    userId,
    userAgent: userAgent ? userAgent.slice(0, MAX_USER_AGENT) : null,
    expiresAt: new Date(Date.now() + SESSION_ABSOLUTE_MS),
  });
  return token;
}

/**
 * Tells whoever holds the member's open sockets, on every instance, that sessions of theirs ended
 * (realtime closes the sockets whose session is gone). Call it once the deletion has committed.
 */
export function announceSessionsEnded(ctx: ServiceContext, memberId: string) {
  return ctx.events.committed('sessions.ended', { memberId });
}

/** Ends the session of this token, if any (logout, and rotation on sign-in). */
export async function deleteSession(ctx: ServiceContext, token: string | undefined) {
  if (!token) return;
  const [ended] = await ctx.db
    .delete(sessions)
    .where(eq(sessions.tokenHash, hashToken(token)))
    .returning({ userId: sessions.userId });
  if (ended) await announceSessionsEnded(ctx, ended.userId);
}

/** A signed-in request's session: its member, and what the session list and sockets need of it. */
export interface CurrentSession {
  user: SessionUser;
  sessionId: string;
  /** When the session ends unless renewed by use: its idle or its absolute deadline, the earlier. */
  endsAt: Date;
}

/** The latest moment a session last seen at `lastSeenAt` and expiring at `expiresAt` is valid. */
export const sessionDeadline = (lastSeenAt: Date, expiresAt: Date) =>
  new Date(Math.min(expiresAt.getTime(), lastSeenAt.getTime() + SESSION_IDLE_MS));

/**
 * The lookup every signed-in request makes, built once per database as a prepared statement:
 * building the query (about 20 columns) cost more Node CPU than an empty answer itself.
 */
function prepareSessionLookup(db: Db) {
  return db
    .select({
      user: users,
      sessionId: sessions.id,
      lastSeenAt: sessions.lastSeenAt,
      expiresAt: sessions.expiresAt,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.tokenHash, sql.placeholder('tokenHash')), gt(sessions.expiresAt, sql`now()`)))
    .limit(1)
    .prepare('session_lookup');
}
const sessionLookups = new WeakMap<Db, ReturnType<typeof prepareSessionLookup>>();

/** The sessions an instance keeps (lib/session-cache.ts); one per app, installed by authentication. */
export type MemberSessionCache = SessionCache<SessionUser>;

async function loadSession(
  db: Db,
  token: string,
  cache: MemberSessionCache | undefined,
): Promise<CurrentSession | null> {
  const tokenHash = hashToken(token);
  const now = new Date();
  const cached = cache?.get(tokenHash);
  // A kept session is served while it is valid and not yet due for its last-seen touch; otherwise
  // the database answers (and touches or ends it), as without the cache.
  if (
    cached &&
    cached.expiresAt.getTime() > now.getTime() &&
    now.getTime() - cached.lastSeenAt.getTime() <= TOUCH_INTERVAL_MS
  )
    return {
      user: cached.user,
      sessionId: cached.sessionId,
      endsAt: sessionDeadline(cached.lastSeenAt, cached.expiresAt),
    };
  const epoch = cache?.epoch ?? 0;
  let lookup = sessionLookups.get(db);
  if (!lookup) {
    lookup = prepareSessionLookup(db);
    sessionLookups.set(db, lookup);
  }
  const [row] = await lookup.execute({ tokenHash });
  if (!row) return null;
  const idleFor = now.getTime() - row.lastSeenAt.getTime();
  if (idleFor > SESSION_IDLE_MS) {
    cache?.forgetToken(tokenHash);
    await db.delete(sessions).where(eq(sessions.tokenHash, tokenHash));
    return null;
  }
  let lastSeenAt = row.lastSeenAt;
  if (idleFor > TOUCH_INTERVAL_MS) {
    lastSeenAt = now;
    await db.update(sessions).set({ lastSeenAt }).where(eq(sessions.tokenHash, tokenHash));
  }
  cache?.set(
    tokenHash,
    { user: row.user, sessionId: row.sessionId, lastSeenAt, expiresAt: row.expiresAt },
    epoch,
  );
  return { user: row.user, sessionId: row.sessionId, endsAt: sessionDeadline(lastSeenAt, row.expiresAt) };
}

/** Of these session ids, the ones still valid, with the deadline of each (open sockets' checks). */
export async function liveSessions({ db }: ServiceContext, ids: string[]): Promise<Map<string, Date>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: sessions.id, lastSeenAt: sessions.lastSeenAt, expiresAt: sessions.expiresAt })
    .from(sessions)
    // One array parameter, not one per id: the heartbeat asks for every socket of the instance at
    // once, and a statement takes at most 65,535 parameters.
    .where(
      and(
        sql`${sessions.id} = any(${sql.param([...new Set(ids)])}::uuid[])`,
        gt(sessions.expiresAt, new Date()),
      ),
    );
  const now = Date.now();
  return new Map(
    rows
      .map((row) => [row.id, sessionDeadline(row.lastSeenAt, row.expiresAt)] as const)
      .filter(([, deadline]) => deadline.getTime() > now),
  );
}

const cache = new WeakMap<FastifyRequest, Promise<CurrentSession | null>>();

/** The session of this request, or null; loaded once per request. */
export function currentSession(request: FastifyRequest): Promise<CurrentSession | null> {
  let pending = cache.get(request);
  if (!pending) {
    const token = request.cookies[SESSION_COOKIE];
    pending = token
      ? loadSession(request.server.db, token, request.server.sessionCache)
      : Promise.resolve(null);
    cache.set(request, pending);
  }
  return pending;
}

/** The session this request already looked up (null when none), without looking it up. */
export async function loadedSession(request: FastifyRequest): Promise<CurrentSession | null> {
  return (await cache.get(request)?.catch(() => null)) ?? null;
}

/** The signed-in member of this request, or null. */
export async function currentUser(request: FastifyRequest): Promise<SessionUser | null> {
  return (await currentSession(request))?.user ?? null;
}

export function setSessionCookie(reply: FastifyReply, token: string) {
  reply.setCookie(SESSION_COOKIE, token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: reply.server.config.cookieSecure,
    maxAge: Math.floor(SESSION_ABSOLUTE_MS / 1000),
  });
}

export function clearSessionCookie(reply: FastifyReply) {
  reply.clearCookie(SESSION_COOKIE, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: reply.server.config.cookieSecure,
  });
}

/**
 * Inside a write's transaction (a password or an address changed, an account changed hands): ends
 * every session of the member but the one holding `keepToken`, if any; their sockets close, on
 * every instance, once the transaction commits.
 */
export async function endSessionsWithin(tx: Tx, effects: Effects, memberId: string, keepToken?: string) {
  await tx
    .delete(sessions)
    .where(
      and(
        eq(sessions.userId, memberId),
        keepToken ? ne(sessions.tokenHash, hashToken(keepToken)) : undefined,
      ),
    );
  await effects.emit('sessions.ended', { memberId });
}

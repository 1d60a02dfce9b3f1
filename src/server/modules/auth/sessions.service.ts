import { and, desc, eq, gt, ne } from 'drizzle-orm';
import type { MemberSession } from '../../../common/api/auth';
import { sessions } from '../../db/schema';
import { notFound } from '../../lib/errors';
import type { ServiceContext } from '../../lib/service-context';
import { announceSessionsEnded } from '../../lib/session';
import { describeDevice } from './device';

/** The member's live sessions, newest use first; the token and its hash never leave the server. */
export async function listSessions(
  { db }: ServiceContext,
  memberId: string,
  currentSessionId: string,
): Promise<MemberSession[]> {
  const rows = await db
    .select({
      id: sessions.id,
      userAgent: sessions.userAgent,
      createdAt: sessions.createdAt,
      lastSeenAt: sessions.lastSeenAt,
    })
    .from(sessions)
    .where(and(eq(sessions.userId, memberId), gt(sessions.expiresAt, new Date())))
    .orderBy(desc(sessions.lastSeenAt))
    .limit(200);
  return rows.map((row) => ({
    id: row.id,
    device: describeDevice(row.userAgent),
    createdAt: row.createdAt.toISOString(),
    lastSeenAt: row.lastSeenAt.toISOString(),
    current: row.id === currentSessionId,
  }));
}

/** Ends one of the member's sessions; another member's session is as unknown as a made-up id. */
export async function endSession(ctx: ServiceContext, memberId: string, sessionId: string) {
  const ended = await ctx.db
    .delete(sessions)
    .where(and(eq(sessions.id, sessionId), eq(sessions.userId, memberId)))
    .returning({ id: sessions.id });
  if (ended.length === 0) throw notFound('auth.session_not_found');
  await announceSessionsEnded(ctx, memberId);
}

/** "Sign out everywhere else": every session of the member but the one making the request. */
export async function endOtherSessions(ctx: ServiceContext, memberId: string, currentSessionId: string) {
  const ended = await ctx.db
    .delete(sessions)
    .where(and(eq(sessions.userId, memberId), ne(sessions.id, currentSessionId)))
    .returning({ id: sessions.id });
  if (ended.length > 0) await announceSessionsEnded(ctx, memberId);
  return ended.length;
}

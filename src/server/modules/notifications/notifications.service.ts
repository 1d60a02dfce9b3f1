import { and, count, desc, eq } from 'drizzle-orm';
import type { Notification } from '../../../common/api/notifications';
import { notifications } from '../../db/schema';
import { notFound } from '../../lib/errors';
import type { ServiceContext } from '../../lib/service-context';

type NotificationRow = typeof notifications.$inferSelect;

export function presentNotification(row: NotificationRow): Notification {
  return {
    id: row.id,
    type: row.type,
    title: row.title,
    message: row.message,
    link: row.link,
    isRead: row.isRead,
    createdAt: row.createdAt.toISOString(),
  };
}

export async function listNotifications(ctx: ServiceContext, memberId: string, limit: number) {
  const rows = await ctx.db
    .select()
    .from(notifications)
    .where(eq(notifications.userId, memberId))
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(limit);
  return rows.map(presentNotification);
}

export async function unreadCount(ctx: ServiceContext, memberId: string) {
  const [row] = await ctx.db
    .select({ value: count() })
    .from(notifications)
    .where(and(eq(notifications.userId, memberId), eq(notifications.isRead, false)));
  return row?.value ?? 0;
}

export async function getNotification(ctx: ServiceContext, memberId: string, id: string) {
  const [row] = await ctx.db
    .select()
    .from(notifications)
    .where(and(eq(notifications.id, id), eq(notifications.userId, memberId)));
  return row ? presentNotification(row) : undefined;
}

/** Only the member's own notification; another member's id answers 404, like an unknown one. */
export async function markRead(ctx: ServiceContext, memberId: string, id: string) {
  const [row] = await ctx.db
    .update(notifications)
    .set({ isRead: true })
    .where(and(eq(notifications.id, id), eq(notifications.userId, memberId)))
    .returning();
  if (!row) throw notFound('Notification not found');
  await ctx.events.committed('notifications.read', { memberId });
  return presentNotification(row);
}

export async function markAllRead(ctx: ServiceContext, memberId: string) {
  await ctx.db
    .update(notifications)
    .set({ isRead: true })
    .where(and(eq(notifications.userId, memberId), eq(notifications.isRead, false)));
  await ctx.events.committed('notifications.read', { memberId });
}

import { and, count, desc, eq } from 'drizzle-orm';
import type { Notification, NotificationType } from '../../../common/api/notifications';
import type { Db, Queryable } from '../../db/connect';
import { notifications } from '../../db/schema';
import { notFound } from '../../lib/errors';
import type { EventBus } from '../../realtime/event-bus';

export interface NewNotification {
  userId: string;
  type: NotificationType;
  title: string;
  message: string;
  link?: string | null;
  /** Same key for the same member: stored once, later ones are dropped. */
  dedupeKey?: string;
}

type NotificationRow = typeof notifications.$inferSelect;

export function presentNotification(row: NotificationRow): Notification {
  return {
    id: row.id,
    type: row.type as NotificationType,
    title: row.title,
    message: row.message,
    link: row.link,
    isRead: row.isRead,
    createdAt: row.createdAt.toISOString(),
  };
}

/** Stores notifications inside the caller's transaction; answers the rows actually stored. */
export async function storeNotifications(tx: Queryable, list: NewNotification[]) {
  if (list.length === 0) return [];
  return tx
    .insert(notifications)
    .values(list.map((entry) => ({ ...entry, link: entry.link ?? null, dedupeKey: entry.dedupeKey ?? null })))
    .onConflictDoNothing()
    .returning({ id: notifications.id, userId: notifications.userId });
}

/** Pushes stored notifications to their members' sockets; call after the commit. */
export async function announce(events: EventBus, stored: Array<{ id: string; userId: string }>) {
  for (const row of stored)
    await events.publish({ kind: 'notification', userId: row.userId, notificationId: row.id });
}

export async function listNotifications(db: Db, userId: string, limit: number) {
  const rows = await db
    .select()
    .from(notifications)
    .where(eq(notifications.userId, userId))
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(limit);
  return rows.map(presentNotification);
}

export async function unreadCount(db: Db, userId: string) {
  const [row] = await db
    .select({ value: count() })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.isRead, false)));
  return row?.value ?? 0;
}

export async function getNotification(db: Db, userId: string, id: string) {
  const [row] = await db
    .select()
    .from(notifications)
    .where(and(eq(notifications.id, id), eq(notifications.userId, userId)));
  return row ? presentNotification(row) : undefined;
}

/** Only the member's own notification; another member's id answers 404, like an unknown one. */
export async function markRead(db: Db, userId: string, id: string) {
  const [row] = await db
    .update(notifications)
    .set({ isRead: true })
    .where(and(eq(notifications.id, id), eq(notifications.userId, userId)))
    .returning();
  if (!row) throw notFound('Notification not found');
  return presentNotification(row);
}

export async function markAllRead(db: Db, userId: string) {
  await db
    .update(notifications)
    .set({ isRead: true })
    .where(and(eq(notifications.userId, userId), eq(notifications.isRead, false)));
}

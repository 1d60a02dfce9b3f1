import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { Notification } from '../../../common/api/notifications';
import type { Db } from '../../db/connect';
import { notifications, users } from '../../db/schema';
import { notFound } from '../../lib/errors';
import { recipientLocale, renderText } from '../../lib/i18n';
import type { Locale } from '../../../common/domain/locales';
import type { ServiceContext } from '../../lib/service-context';
import { memberLanguage } from '../../lib/community-settings';

type NotificationRow = Pick<
  typeof notifications.$inferSelect,
  'id' | 'type' | 'title' | 'message' | 'texts' | 'link' | 'isRead' | 'createdAt'
>;

/**
 * A notification as its reader reads it: worded in `locale` (the reader's language now) from the
 * stored keys and values; a row stored before them, or a text that is a member's own words (a chat
 * message's preview), as stored.
 */
export function presentNotification(row: NotificationRow, locale: Locale): Notification {
  return {
    id: row.id,
    type: row.type,
    title: row.texts ? renderText(locale, row.texts.title) : row.title,
    message: row.texts?.message ? renderText(locale, row.texts.message) : row.message,
    link: row.link,
    isRead: row.isRead,
    createdAt: row.createdAt.toISOString(),
  };
}

/**
 * The list and the unread count are read on every page a member opens: prepared once per database,
 * like the trade list (docs/decisions/008-uncached-paths.md), and the list reads only the columns it
 * shows (not the email bookkeeping).
 */
const prepareNotificationQueries = (db: Db) => ({
  list: db
    .select({
      id: notifications.id,
      type: notifications.type,
      title: notifications.title,
      message: notifications.message,
      texts: notifications.texts,
      link: notifications.link,
      isRead: notifications.isRead,
      createdAt: notifications.createdAt,
    })
    .from(notifications)
    .where(eq(notifications.userId, sql.placeholder('memberId')))
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(sql.placeholder('limit'))
    .prepare('notification_list'),
  unread: db
    .select({ value: count() })
    .from(notifications)
    .where(and(eq(notifications.userId, sql.placeholder('memberId')), eq(notifications.isRead, false)))
    .prepare('notification_unread_count'),
});
const notificationQueries = new WeakMap<Db, ReturnType<typeof prepareNotificationQueries>>();

function preparedFor(db: Db) {
  let prepared = notificationQueries.get(db);
  if (!prepared) {
    prepared = prepareNotificationQueries(db);
    notificationQueries.set(db, prepared);
  }
  return prepared;
}

export async function listNotifications(
  ctx: ServiceContext,
  memberId: string,
  limit: number,
  locale: Locale,
) {
  const rows = await preparedFor(ctx.db).list.execute({ memberId, limit });
  return rows.map((row) => presentNotification(row, locale));
}

export async function unreadCount(ctx: ServiceContext, memberId: string) {
  const [row] = await preparedFor(ctx.db).unread.execute({ memberId });
  return row?.value ?? 0;
}

/** One of the member's notifications, worded in their stored language (a live update to their sockets). */
export async function getNotification(ctx: ServiceContext, memberId: string, id: string) {
  const [row] = await ctx.db
    .select({ notification: notifications, locale: memberLanguage })
    .from(notifications)
    .innerJoin(users, eq(users.id, notifications.userId))
    .where(and(eq(notifications.id, id), eq(notifications.userId, memberId)));
  return row ? presentNotification(row.notification, recipientLocale(row.locale)) : undefined;
}

/** Only the member's own notification; another member's id answers 404, like an unknown one. */
export async function markRead(ctx: ServiceContext, memberId: string, id: string, locale: Locale) {
  const [row] = await ctx.db
    .update(notifications)
    .set({ isRead: true })
    .where(and(eq(notifications.id, id), eq(notifications.userId, memberId)))
    .returning();
  if (!row) throw notFound('notifications.not_found');
  await ctx.events.committed('notifications.read', { memberId });
  return presentNotification(row, locale);
}

export async function markAllRead(ctx: ServiceContext, memberId: string) {
  await ctx.db
    .update(notifications)
    .set({ isRead: true })
    .where(and(eq(notifications.userId, memberId), eq(notifications.isRead, false)));
  await ctx.events.committed('notifications.read', { memberId });
}

import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/connect';
import { notifications, users } from '../db/schema';
import type { DomainEvents, Effects, NewNotification, StoredNotification } from './domain-events';
import { recipientLocale, renderText } from './i18n';
import { type MailMessage, type Mailer, queueMail } from './mail';
import { memberLanguage } from './community-settings';

export interface UnitOfWorkContext {
  db: Db;
  events: DomainEvents;
  mailer: Pick<Mailer, 'deliverSoon'>;
}

/**
 * One transaction and what it leaves to do. `effects.notify` stores notifications in the
 * transaction, `effects.mail` queues emails in it (delivered once it commits, lib/mail.ts),
 * `effects.emit` runs the event's in-transaction listeners in it; once it commits,
 * the `effects.after` callbacks and after-commit listeners run in order, then the stored
 * notifications are announced (`notifications.stored`). Nothing after the commit runs if the work
 * throws; once it has committed, a failing callback or listener is logged and the next one still
 * runs (`DomainEvents.isolated`): the caller gets the committed result, never that failure. Work that must lock rows outside its own (other items' availability) belongs after the
 * commit: locking them inside could wait on transactions that wait on this one.
 */
export async function transact<T>(
  ctx: UnitOfWorkContext,
  work: (tx: Tx, effects: Effects) => Promise<T>,
): Promise<T> {
  let pending: Array<() => Promise<void>> = [];
  let stored: StoredNotification[] = [];
  let mailed = false;
  const result = await ctx.db.transaction(async (tx) => {
    // Fresh for every attempt, should the driver run the callback again.
    const notes: NewNotification[] = [];
    const mail: MailMessage[] = [];
    const after: Array<() => Promise<void>> = [];
    const effects: Effects = {
      notify: (...list) => {
        notes.push(...list);
      },
      mail: (...messages) => {
        mail.push(...messages);
      },
      after: (callback) => {
        after.push(callback);
      },
      emit: async (name, payload) => {
        await ctx.events.runInTransaction(name, payload, tx, effects);
        after.push(() => ctx.events.committed(name, payload));
      },
    };
    const value = await work(tx, effects);
    stored = await storeNotifications(tx, notes);
    await queueMail(tx, mail);
    mailed = mail.length > 0;
    pending = after;
    return value;
  });
  if (mailed) ctx.mailer.deliverSoon();
  for (const callback of pending) await ctx.events.isolated('effects.after', callback);
  if (stored.length > 0) await ctx.events.committed('notifications.stored', { notifications: stored });
  return result;
}

/** How long an unread notification with a `coalesceKey` takes in later ones instead of a new one. */
export const COALESCE_WINDOW_MS = 10 * 60_000;

/**
 * Stores the notifications: their texts as keys and values (worded again for whoever reads them), and
 * as first worded in the recipient's language (one look-up for them all), which emails use.
 * One with a `coalesceKey` rewrites its member's unread one with that key from the last
 * COALESCE_WINDOW_MS if there is one, and is not announced; otherwise it is stored under that key
 * (kept in dedupe_key), which an older one (read, or from before the window) gives up first.
 */
async function storeNotifications(tx: Tx, list: NewNotification[]): Promise<StoredNotification[]> {
  if (list.length === 0) return [];
  const recipients = await tx
    .select({ id: users.id, locale: memberLanguage })
    .from(users)
    .where(inArray(users.id, [...new Set(list.map((entry) => entry.userId))]));
  const stored = new Map(recipients.map((row) => [row.id, row.locale]));
  const fresh = [];
  for (const { coalesceKey, ...entry } of list) {
    const locale = recipientLocale(stored.get(entry.userId));
    const row = {
      ...entry,
      title: renderText(locale, entry.title),
      message: renderText(locale, entry.message),
      texts: { title: entry.title, message: entry.message },
      link: entry.link ?? null,
      dedupeKey: coalesceKey ?? entry.dedupeKey ?? null,
    };
    if (coalesceKey && (await coalesce(tx, row.userId, coalesceKey, row))) continue;
    fresh.push(row);
  }
  if (fresh.length === 0) return [];
  return tx
    .insert(notifications)
    .values(fresh)
    .onConflictDoNothing()
    .returning({ id: notifications.id, userId: notifications.userId, emailType: notifications.emailType });
}

/** Rewrites the member's recent unread notification under `key`, if any; else frees the key. */
async function coalesce(
  tx: Tx,
  userId: string,
  key: string,
  row: Pick<typeof notifications.$inferInsert, 'title' | 'message' | 'texts' | 'link'>,
): Promise<boolean> {
  const sameKey = and(eq(notifications.userId, userId), eq(notifications.dedupeKey, key));
  const [rewritten] = await tx
    .update(notifications)
    .set({ title: row.title, message: row.message, texts: row.texts, link: row.link, createdAt: sql`now()` })
    .where(
      and(
        sameKey,
        eq(notifications.isRead, false),
        sql`${notifications.createdAt} > now() - make_interval(secs => ${COALESCE_WINDOW_MS / 1000})`,
      ),
    )
    .returning({ id: notifications.id });
  if (rewritten) return true;
  await tx.update(notifications).set({ dedupeKey: null }).where(sameKey);
  return false;
}

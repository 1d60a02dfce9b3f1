import { inArray } from 'drizzle-orm';
import type { Db, Tx } from '../db/connect';
import { notifications, users } from '../db/schema';
import type { DomainEvents, Effects, NewNotification, StoredNotification } from './domain-events';
import { recipientLocale, renderText } from './i18n';
import { type MailMessage, type Mailer, queueMail } from './mail';

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

/** Stores the notifications, each written in its recipient's language (one look-up for them all). */
async function storeNotifications(tx: Tx, list: NewNotification[]): Promise<StoredNotification[]> {
  if (list.length === 0) return [];
  const recipients = await tx
    .select({ id: users.id, locale: users.locale })
    .from(users)
    .where(inArray(users.id, [...new Set(list.map((entry) => entry.userId))]));
  const stored = new Map(recipients.map((row) => [row.id, row.locale]));
  return tx
    .insert(notifications)
    .values(
      list.map((entry) => {
        const locale = recipientLocale(stored.get(entry.userId));
        return {
          ...entry,
          title: renderText(locale, entry.title),
          message: renderText(locale, entry.message),
          link: entry.link ?? null,
          dedupeKey: entry.dedupeKey ?? null,
        };
      }),
    )
    .onConflictDoNothing()
    .returning({ id: notifications.id, userId: notifications.userId, emailType: notifications.emailType });
}

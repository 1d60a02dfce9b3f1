import { and, count, desc, eq, gt, inArray, isNotNull, isNull, lte, ne, or, sql } from 'drizzle-orm';
import { queryRows } from '../../db/connect';
import { emailPreferences, messageEmailAlerts, notifications, users } from '../../db/schema';
import type { Sweep } from '../../lib/sweep';
import type { ServiceContext } from '../../lib/service-context';
import { transact } from '../../lib/unit-of-work';
import { emailPreferencesOf } from './email-preferences.service';
import { DIGEST_LIST_LIMIT, digestEmail, immediateEmail, unreadMessagesEmail } from './notification-emails';
import { memberLanguage } from '../../lib/community-settings';

const HOUR_MS = 60 * 60 * 1000;
/** A message unread this long gets its email. */
export const UNREAD_MESSAGE_DELAY_MS = HOUR_MS;
/** One digest a day at most. */
export const DIGEST_INTERVAL_MS = 24 * HOUR_MS;
/**
 * A notification waits this long before a digest takes it, so that what the member sees in the app
 * meanwhile (and reads) is never emailed.
 */
export const DIGEST_DELAY_MS = HOUR_MS;
/**
 * An immediate email not queued this long after its notification was stored was missed (see
 * sendMissedImmediateEmails); the listener queues it within moments.
 */
const MISSED_IMMEDIATE_EMAIL_MS = 60_000;
/** Older notifications and conversations are left alone (a member who turns the digest back on). */
const LOOKBACK_MS = 7 * 24 * HOUR_MS;
/** How many members or conversations one sweep run handles; the next run takes the rest. */
const BATCH = 200;

/** Members who can be emailed: not deleted, and with an address they confirmed. */
const reachable = and(isNull(users.deletedAt), isNotNull(users.emailVerifiedAt));

/**
 * Queues the emails that tell at once of these stored notifications, to members whose settings want
 * them. Each notification is claimed (`emailed_at`) in the transaction that queues its email, so
 * its email is queued exactly once, however many runs overlap.
 */
export async function sendImmediateEmails(ctx: ServiceContext, notificationIds: string[], now = new Date()) {
  if (notificationIds.length === 0) return;
  await transact(ctx, async (tx, effects) => {
    const claimed = await tx
      .update(notifications)
      .set({ emailedAt: now })
      .where(
        and(
          inArray(notifications.id, notificationIds),
          isNotNull(notifications.emailType),
          isNull(notifications.emailedAt),
        ),
      )
      .returning();
    if (claimed.length === 0) return;
    const recipients = await tx
      .select({ id: users.id, email: users.email, firstName: users.firstName, locale: memberLanguage })
      .from(users)
      .where(and(inArray(users.id, [...new Set(claimed.map((note) => note.userId))]), reachable));
    const byId = new Map(recipients.map((recipient) => [recipient.id, recipient]));
    const preferences = await emailPreferencesOf(tx, [...byId.keys()]);
    for (const note of claimed) {
      const recipient = byId.get(note.userId);
      if (!recipient || !note.emailType || !preferences(recipient.id)[note.emailType]) continue;
      effects.mail(await immediateEmail(tx, ctx.appUrl, recipient, note.emailType, note));
    }
  });
}

/**
 * The sweep task for immediate emails whose notification committed but whose email was never
 * queued: the process ended between the commit and the after-commit listener that queues it.
 */
export async function sendMissedImmediateEmails(ctx: ServiceContext, now: Date) {
  const missed = await ctx.db
    .select({ id: notifications.id })
    .from(notifications)
    .where(
      and(
        isNotNull(notifications.emailType),
        isNull(notifications.emailedAt),
        lte(notifications.createdAt, new Date(now.getTime() - MISSED_IMMEDIATE_EMAIL_MS)),
        gt(notifications.createdAt, new Date(now.getTime() - LOOKBACK_MS)),
      ),
    )
    .orderBy(notifications.createdAt)
    .limit(BATCH);
  await sendImmediateEmails(
    ctx,
    missed.map((row) => row.id),
    now,
  );
}

interface UnreadSpell {
  conversation_id: string;
  user_id: string;
  /** As text: a JavaScript Date would drop PostgreSQL's microseconds, and the spell test compares exactly. */
  newest: string;
  unread: number | string;
  from_name: string | null;
  ring: boolean;
}

/**
 * Conversations where a member has had a message unread for an hour and no email told them of this
 * spell yet: the spell starts with their oldest unread message, and the last email covered messages up
 * to `covered_until`. Pairwise messages are unread until `read_at`; a ring's, until the member's
 * `last_read_at` passes them. Barter request cards do not count: the trade emails of itself.
 */
async function unreadSpells(ctx: ServiceContext, now: Date) {
  const due = new Date(now.getTime() - UNREAD_MESSAGE_DELAY_MS);
  const since = new Date(now.getTime() - LOOKBACK_MS);
  return queryRows<UnreadSpell>(
    ctx.db,
    sql`
      with unread as (
        select m.conversation_id, m.sender_id, m.created_at,
          case when m.sender_id = c.participant1_id then c.participant2_id else c.participant1_id end as user_id
        from messages m join conversations c on c.id = m.conversation_id
        where c.ring_id is null and m.read_at is null and m.message_type <> 'trade'
        union all
        select m.conversation_id, m.sender_id, m.created_at, cm.user_id
        from messages m join conversation_members cm on cm.conversation_id = m.conversation_id
        where cm.user_id <> m.sender_id and m.created_at > coalesce(cm.last_read_at, '-infinity'::timestamptz)
      ),
      spells as (
        select conversation_id, user_id, min(created_at) as oldest, max(created_at) as newest,
          count(*)::int as unread, (array_agg(sender_id order by created_at desc))[1] as last_sender
        from unread group by conversation_id, user_id
      )
      select s.conversation_id, s.user_id, s.newest::text as newest, s.unread, u.first_name as from_name,
        (c.ring_id is not null) as ring
      from spells s
      join conversations c on c.id = s.conversation_id
      left join users u on u.id = s.last_sender
      left join message_email_alerts a on a.conversation_id = s.conversation_id and a.user_id = s.user_id
      where s.oldest <= ${due.toISOString()}::timestamptz and s.newest > ${since.toISOString()}::timestamptz
        and (a.covered_until is null or s.oldest > a.covered_until)
      order by s.oldest
      limit ${BATCH}
    `,
  );
}

/** The sweep task: "unread messages" emails, once per conversation and unread spell. */
export async function emailUnreadMessages(ctx: ServiceContext, now: Date) {
  for (const spell of await unreadSpells(ctx, now)) {
    const newest = sql`${spell.newest}::timestamptz`;
    // The spell is claimed in the transaction that queues its email: should two runs overlap, the
    // second finds it covered.
    await transact(ctx, async (tx, effects) => {
      const [claimed] = await tx
        .insert(messageEmailAlerts)
        .values({ conversationId: spell.conversation_id, userId: spell.user_id, coveredUntil: newest })
        .onConflictDoUpdate({
          target: [messageEmailAlerts.conversationId, messageEmailAlerts.userId],
          set: { coveredUntil: newest },
          setWhere: sql`${messageEmailAlerts.coveredUntil} < ${newest}`,
        })
        .returning();
      if (!claimed) return;
      const [recipient] = await tx
        .select({ id: users.id, email: users.email, firstName: users.firstName, locale: memberLanguage })
        .from(users)
        .where(and(eq(users.id, spell.user_id), reachable));
      if (!recipient || !(await emailPreferencesOf(tx, [recipient.id]))(recipient.id).unreadMessage) return;
      effects.mail(
        await unreadMessagesEmail(tx, ctx.appUrl, recipient, {
          count: Number(spell.unread),
          from: spell.from_name,
          ring: spell.ring,
        }),
      );
    });
  }
}

/** What a digest gathers: unread notifications no email told of, at least an hour old, from the last week. */
const digestable = (now: Date) =>
  and(
    isNull(notifications.emailedAt),
    isNull(notifications.emailType),
    eq(notifications.isRead, false),
    ne(notifications.type, 'message'),
    lte(notifications.createdAt, new Date(now.getTime() - DIGEST_DELAY_MS)),
    gt(notifications.createdAt, new Date(now.getTime() - LOOKBACK_MS)),
  );

/** Whose digest is due: the digest on, and none sent in the last 24 hours. */
const digestDue = (now: Date) =>
  and(
    or(isNull(emailPreferences.digest), eq(emailPreferences.digest, true)),
    or(
      isNull(emailPreferences.lastDigestAt),
      lte(emailPreferences.lastDigestAt, new Date(now.getTime() - DIGEST_INTERVAL_MS)),
    ),
  );

/** The sweep task: each member due gets one email listing what they have not seen, grouped by kind. */
export async function sendDigests(ctx: ServiceContext, now: Date) {
  const due = await ctx.db
    .selectDistinct({ id: users.id })
    .from(notifications)
    .innerJoin(users, eq(users.id, notifications.userId))
    .leftJoin(emailPreferences, eq(emailPreferences.userId, notifications.userId))
    .where(and(digestable(now), reachable, digestDue(now)))
    .limit(BATCH);
  for (const { id } of due) await sendDigest(ctx, id, now);
}

async function sendDigest(ctx: ServiceContext, memberId: string, now: Date) {
  await transact(ctx, async (tx, effects) => {
    // The member's settings row, locked: a digest at most once a day even if two runs overlap.
    await tx.insert(emailPreferences).values({ userId: memberId }).onConflictDoNothing();
    const [settings] = await tx
      .select()
      .from(emailPreferences)
      .where(and(eq(emailPreferences.userId, memberId), digestDue(now)))
      .for('update');
    if (!settings) return;
    const mine = and(eq(notifications.userId, memberId), digestable(now));
    const [total] = await tx.select({ value: count() }).from(notifications).where(mine);
    const listed = await tx
      .select({ type: notifications.type, title: notifications.title, message: notifications.message })
      .from(notifications)
      .where(mine)
      .orderBy(desc(notifications.createdAt), desc(notifications.id))
      .limit(DIGEST_LIST_LIMIT);
    if (listed.length === 0) return;
    await tx.update(notifications).set({ emailedAt: now }).where(mine);
    await tx.update(emailPreferences).set({ lastDigestAt: now }).where(eq(emailPreferences.userId, memberId));
    const [recipient] = await tx
      .select({ id: users.id, email: users.email, firstName: users.firstName, locale: memberLanguage })
      .from(users)
      .where(eq(users.id, memberId));
    if (!recipient) return;
    effects.mail(await digestEmail(tx, ctx.appUrl, recipient, listed, total?.value ?? listed.length));
  });
}

/** The email sweeps: on the app's periodic sweep, under its advisory lock (one instance sends). */
export function registerNotificationsSweep(sweep: Sweep, ctx: ServiceContext) {
  sweep.register('notifications.missed-immediate', (now) => sendMissedImmediateEmails(ctx, now));
  sweep.register('notifications.unread-messages', (now) => emailUnreadMessages(ctx, now));
  sweep.register('notifications.digest', (now) => sendDigests(ctx, now));
}

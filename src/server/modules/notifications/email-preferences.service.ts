import { eq, inArray } from 'drizzle-orm';
import {
  DEFAULT_EMAIL_PREFERENCES,
  EMAIL_TYPES,
  type EmailPreferences,
  type EmailPreferencesInput,
  type UnsubscribeScope,
} from '../../../common/api/email-preferences';
import type { Db, Tx } from '../../db/connect';
import { emailPreferences } from '../../db/schema';

type PreferencesRow = typeof emailPreferences.$inferSelect;

const present = (row: PreferencesRow | undefined): EmailPreferences =>
  row
    ? (Object.fromEntries(EMAIL_TYPES.map((type) => [type, row[type]])) as EmailPreferences)
    : { ...DEFAULT_EMAIL_PREFERENCES };

/** A member's email settings; a member who never changed them has every kind on. */
export async function getEmailPreferences(db: Db | Tx, memberId: string): Promise<EmailPreferences> {
  const [row] = await db.select().from(emailPreferences).where(eq(emailPreferences.userId, memberId));
  return present(row);
}

/** The settings of several members at once (the sweeps), by member id. */
export async function emailPreferencesOf(db: Db | Tx, memberIds: string[]) {
  const rows =
    memberIds.length === 0
      ? []
      : await db.select().from(emailPreferences).where(inArray(emailPreferences.userId, memberIds));
  const byId = new Map(rows.map((row) => [row.userId, row]));
  return (memberId: string) => present(byId.get(memberId));
}

/** Changes the kinds named in `input`; the others stay as they are. Answers the whole settings. */
export async function updateEmailPreferences(db: Db, memberId: string, input: EmailPreferencesInput) {
  const [row] = await db
    .insert(emailPreferences)
    .values({ userId: memberId, ...input })
    .onConflictDoUpdate({ target: emailPreferences.userId, set: { ...input, updatedAt: new Date() } })
    .returning();
  return present(row);
}

/** What an unsubscribe link does: that kind of email off, or every kind. */
export async function turnOffEmails(db: Db, memberId: string, scope: UnsubscribeScope) {
  const off: EmailPreferencesInput =
    scope === 'all'
      ? (Object.fromEntries(EMAIL_TYPES.map((type) => [type, false])) as EmailPreferences)
      : { [scope]: false };
  return updateEmailPreferences(db, memberId, off);
}

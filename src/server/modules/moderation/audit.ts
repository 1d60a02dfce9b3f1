import { and, desc, eq, inArray, isNotNull, type SQL } from 'drizzle-orm';
import type { AuditEntry, ModerationAction, OwnModerationEntry } from '../../../common/api/moderation';
import type { Queryable } from '../../db/connect';
import { appeals, items, moderationActions, users } from '../../db/schema';
import { presentUserSummary } from '../users';

export type NewModerationAction = typeof moderationActions.$inferInsert;
type ActionRow = typeof moderationActions.$inferSelect;

/** Appends one entry to the audit log, in the transaction of the action it records. */
export async function recordAction(tx: Queryable, entry: NewModerationAction & { action: ModerationAction }) {
  const [row] = await tx.insert(moderationActions).values(entry).returning({ id: moderationActions.id });
  if (!row) throw new Error('audit entry insert returned nothing');
  return row.id;
}

/** The entries matching `where`, newest first, with their actors. */
export async function auditEntries(
  db: Queryable,
  where: SQL | undefined,
  limit: number,
  offset = 0,
): Promise<AuditEntry[]> {
  const rows = await db
    .select({
      entry: moderationActions,
      actor: {
        id: users.id,
        firstName: users.firstName,
        lastName: users.lastName,
        profileImageUrl: users.profileImageUrl,
      },
    })
    .from(moderationActions)
    .leftJoin(users, eq(users.id, moderationActions.actorId))
    .where(where)
    .orderBy(desc(moderationActions.createdAt), desc(moderationActions.id))
    .limit(limit)
    .offset(offset);
  return rows.map(({ entry, actor }) => ({
    ...presentEntryFields(entry),
    actor: actor?.id ? presentUserSummary(actor) : null,
    subjectId: entry.subjectId,
  }));
}

function presentEntryFields(entry: ActionRow) {
  return {
    id: entry.id,
    action: entry.action,
    targetType: entry.targetType,
    targetId: entry.targetId,
    reason: entry.reason,
    note: entry.note,
    details: entry.details,
    createdAt: entry.createdAt.toISOString(),
  };
}

/** What a member reads of actions on their account and listings: not who acted. */
const OWN_ACTIONS: ModerationAction[] = [
  'item.removed',
  'item.restored',
  'member.suspended',
  'member.unsuspended',
  'member.warned',
  'appeal.granted',
  'appeal.rejected',
];

export async function ownActions(db: Queryable, memberId: string): Promise<OwnModerationEntry[]> {
  const rows = await db
    .select({ entry: moderationActions, title: items.title, appealStatus: appeals.status })
    .from(moderationActions)
    .leftJoin(items, eq(items.id, moderationActions.targetId))
    .leftJoin(appeals, eq(appeals.sanctionId, moderationActions.id))
    .where(and(eq(moderationActions.subjectId, memberId), inArray(moderationActions.action, OWN_ACTIONS)))
    .orderBy(desc(moderationActions.createdAt), desc(moderationActions.id))
    .limit(100);
  const [member] = await db
    .select({ suspendedAt: users.suspendedAt })
    .from(users)
    .where(eq(users.id, memberId));
  // The sanction in force is the latest of its kind on its target, still standing.
  const inForce = new Set<string>();
  const seen = new Set<string>();
  for (const { entry } of rows) {
    const key = `${entry.targetType}:${entry.targetId}`;
    if (entry.action !== 'item.removed' && entry.action !== 'member.suspended') {
      if (entry.action === 'item.restored' || entry.action === 'member.unsuspended') seen.add(key);
      continue;
    }
    if (seen.has(key)) continue;
    seen.add(key);
    inForce.add(entry.id);
  }
  const removedIds = [
    ...new Set(rows.filter((row) => row.entry.action === 'item.removed').map((row) => row.entry.targetId)),
  ];
  const removedNow = new Set(
    removedIds.length === 0
      ? []
      : (
          await db
            .select({ id: items.id })
            .from(items)
            .where(and(inArray(items.id, removedIds), isNotNull(items.removedAt)))
        ).map((row) => row.id),
  );
  return rows.map(({ entry, title, appealStatus }) => {
    const standing =
      inForce.has(entry.id) &&
      (entry.action === 'item.removed' ? removedNow.has(entry.targetId) : Boolean(member?.suspendedAt));
    return {
      ...presentEntryFields(entry),
      targetType: entry.targetType === 'item' ? 'item' : 'member',
      targetLabel: entry.targetType === 'item' ? title : null,
      appealable: standing && appealStatus === null,
      appealStatus: appealStatus ?? null,
    };
  });
}

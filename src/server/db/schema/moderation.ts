import { MODERATION_ACTIONS } from '../../../common/api/moderation';
import { index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { id, memberId, createdAt } from './columns';

/**
 * The audit log: every moderator's and admin's action (who, what, on what, why, when). Append-only:
 * a trigger refuses UPDATE and DELETE (migration 0043). No foreign keys, so that nothing (an
 * account deleted) ever rewrites it; `subjectId` is the member the action concerns (the owner of a
 * removed listing, the suspended or warned member), whose account page lists it.
 */
export const moderationActions = pgTable(
  'moderation_actions',
  {
    id: id(),
    actorId: uuid('actor_id').notNull(),
    action: text('action', { enum: MODERATION_ACTIONS }).notNull(),
    targetType: text('target_type', {
      enum: ['item', 'member', 'report', 'appeal', 'dispute', 'community'],
    }).notNull(),
    targetId: uuid('target_id').notNull(),
    subjectId: uuid('subject_id'),
    reason: text('reason'),
    note: text('note'),
    /** What else the action set (a suspension's end, a role before and after, a warning's text). */
    details: jsonb('details').$type<Record<string, string | number | null>>().notNull().default({}),
    createdAt: createdAt(),
  },
  (t) => [
    index('moderation_actions_created_idx').on(t.createdAt.desc()),
    index('moderation_actions_subject_idx').on(t.subjectId, t.createdAt.desc()),
    index('moderation_actions_target_idx').on(t.targetId, t.createdAt.desc()),
  ],
);

/**
 * A member's appeal of a sanction (an item's removal or their suspension): one per sanction, the
 * audit entry that imposed it (`sanctionId`).
 */
export const appeals = pgTable(
  'appeals',
  {
    id: id(),
    memberId: memberId('member_id'),
    targetType: text('target_type', { enum: ['item', 'member'] }).notNull(),
    targetId: uuid('target_id').notNull(),
    sanctionId: uuid('sanction_id').notNull(),
    text: text('text').notNull(),
    status: text('status', { enum: ['open', 'granted', 'rejected'] })
      .notNull()
      .default('open'),
    createdAt: createdAt(),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('appeals_sanction_idx').on(t.sanctionId),
    index('appeals_status_idx').on(t.status, t.createdAt),
  ],
);

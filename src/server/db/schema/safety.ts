import { sql } from 'drizzle-orm';
import { REPORT_REASONS } from '../../../common/api/safety';
import { index, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { id, memberId, createdAt } from './columns';
import { users } from './users';

/** Trust and safety: reports of items or members, for moderators (issue Reliability 7). */
export const reports = pgTable(
  'reports',
  {
    id: id(),
    reporterId: uuid('reporter_id').references(() => users.id, { onDelete: 'set null' }),
    targetType: text('target_type', { enum: ['item', 'user'] }).notNull(),
    targetId: uuid('target_id').notNull(),
    reason: text('reason', { enum: REPORT_REASONS }).notNull(),
    details: text('details').notNull().default(''),
    status: text('status', { enum: ['open', 'resolved'] })
      .notNull()
      .default('open'),
    createdAt: createdAt(),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
  },
  (t) => [
    index('reports_status_idx').on(t.status, t.createdAt.desc().nullsFirst()),
    // The median time to resolve a report over the last 90 days (the admin console's dashboard).
    index('reports_resolved_idx')
      .on(t.resolvedAt)
      .where(sql`${t.status} = 'resolved'`),
    uniqueIndex('reports_open_once_idx')
      .on(t.reporterId, t.targetType, t.targetId)
      .where(sql`${t.status} = 'open'`),
  ],
);

/** A blocked member cannot message or send trade requests to the member who blocked them (either way). */
export const blocks = pgTable(
  'blocks',
  {
    blockerId: memberId('blocker_id'),
    blockedId: memberId('blocked_id'),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.blockerId, t.blockedId] }), index('blocks_blocked_idx').on(t.blockedId)],
);

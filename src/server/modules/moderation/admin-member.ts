import { and, desc, eq, inArray, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { AdminMemberDetail } from '../../../common/api/admin';
import type { Queryable } from '../../db/connect';
import { items, moderationActions, reports, tradeRequests, users } from '../../db/schema';
import { isSuspended } from '../../lib/authentication';
import { notFound } from '../../lib/errors';
import type { ServiceContext } from '../../lib/service-context';
import { memberReliability } from '../trades';
import { presentUserSummary } from '../users';
import { auditEntries } from './audit';

const LIMIT = 50;
const TRADES = 20;

type ItemRow = typeof items.$inferSelect;

function listingState(item: ItemRow): AdminMemberDetail['listings'][number]['state'] {
  if (item.deletedAt) return 'deleted';
  if (item.removedAt) return 'removed';
  if (item.availability === 'traded') return 'traded';
  if (item.reportHiddenAt || item.heldBySuspension) return 'hidden';
  return item.isActive ? 'listed' : 'unlisted';
}

/** A joined member (null when the left join found none), as trade answers show them. */
const summary = (row: Parameters<typeof presentUserSummary>[0] | null) =>
  row?.id ? presentUserSummary(row) : null;

/** Reports matching `where`, newest first, with what they target named. */
async function memberReports(db: Queryable, where: ReturnType<typeof and>) {
  const reporter = alias(users, 'reporter');
  const targetUser = alias(users, 'target_user');
  const rows = await db
    .select({
      report: reports,
      reporter: {
        id: reporter.id,
        firstName: reporter.firstName,
        lastName: reporter.lastName,
        profileImageUrl: reporter.profileImageUrl,
      },
      itemTitle: items.title,
      userFirst: targetUser.firstName,
      userLast: targetUser.lastName,
    })
    .from(reports)
    .leftJoin(reporter, eq(reporter.id, reports.reporterId))
    .leftJoin(items, and(eq(reports.targetType, 'item'), eq(items.id, reports.targetId)))
    .leftJoin(targetUser, and(eq(reports.targetType, 'user'), eq(targetUser.id, reports.targetId)))
    .where(where)
    .orderBy(desc(reports.createdAt), desc(reports.id))
    .limit(LIMIT);
  return rows.map(({ report, reporter: by, itemTitle, userFirst, userLast }) => ({
    id: report.id,
    targetType: report.targetType,
    targetId: report.targetId,
    targetLabel:
      report.targetType === 'item' ? (itemTitle ?? '') : [userFirst, userLast].filter(Boolean).join(' '),
    reason: report.reason,
    details: report.details,
    status: report.status,
    createdAt: report.createdAt.toISOString(),
    reporter: summary(by),
  }));
}

/**
 * One member as the console's directory shows them: profile, role and suspension, listings (removed
 * and deleted ones too), recent trades, reports about them and by them, and the audit entries about
 * them or by them. Admins only (the route says so).
 */
export async function adminMemberDetail(ctx: ServiceContext, memberId: string): Promise<AdminMemberDetail> {
  const [user] = await ctx.db.select().from(users).where(eq(users.id, memberId));
  if (!user) throw notFound('members.not_found');

  const requested = alias(items, 'requested_item');
  const offered = alias(items, 'offered_item');
  const partner = alias(users, 'partner');
  const [listingRows, tradeRows, reliability, audit] = await Promise.all([
    ctx.db
      .select()
      .from(items)
      .where(eq(items.userId, memberId))
      .orderBy(desc(items.createdAt), desc(items.id))
      .limit(LIMIT),
    ctx.db
      .select({
        trade: tradeRequests,
        requestedTitle: requested.title,
        offeredTitle: offered.title,
        partner: {
          id: partner.id,
          firstName: partner.firstName,
          lastName: partner.lastName,
          profileImageUrl: partner.profileImageUrl,
        },
      })
      .from(tradeRequests)
      .innerJoin(requested, eq(requested.id, tradeRequests.requestedItemId))
      // A giveaway handover has no requester's item.
      .leftJoin(offered, eq(offered.id, tradeRequests.offeredItemId))
      .leftJoin(
        partner,
        eq(
          partner.id,
          sql`case when ${tradeRequests.ownerId} = ${memberId} then ${tradeRequests.requesterId} else ${tradeRequests.ownerId} end`,
        ),
      )
      .where(or(eq(tradeRequests.requesterId, memberId), eq(tradeRequests.ownerId, memberId)))
      .orderBy(desc(tradeRequests.createdAt), desc(tradeRequests.id))
      .limit(TRADES),
    memberReliability(ctx, memberId),
    auditEntries(
      ctx.db,
      or(eq(moderationActions.subjectId, memberId), eq(moderationActions.actorId, memberId)),
      LIMIT,
    ),
  ]);
  // Reports about any of their listings, not only the 50 shown.
  const ownItems = ctx.db.select({ id: items.id }).from(items).where(eq(items.userId, memberId));
  const [reportsAgainst, reportsBy] = await Promise.all([
    memberReports(
      ctx.db,
      or(
        and(eq(reports.targetType, 'user'), eq(reports.targetId, memberId)),
        and(eq(reports.targetType, 'item'), inArray(reports.targetId, ownItems)),
      ),
    ),
    memberReports(ctx.db, eq(reports.reporterId, memberId)),
  ]);

  const suspended = isSuspended(user);
  return {
    profile: {
      id: user.id,
      firstName: user.firstName,
      lastName: user.lastName,
      email: user.email,
      profileImageUrl: user.profileImageUrl,
      location: user.location,
      createdAt: user.createdAt.toISOString(),
      emailVerified: user.emailVerifiedAt !== null,
    },
    role: user.role,
    status: user.deletedAt ? 'deleted' : suspended ? 'suspended' : 'active',
    suspension:
      suspended && user.suspendedAt
        ? {
            since: user.suspendedAt.toISOString(),
            until: user.suspendedUntil?.toISOString() ?? null,
            reason: user.suspensionReason,
            note: user.suspensionNote,
          }
        : null,
    reliability,
    listings: listingRows.map((item) => ({
      id: item.id,
      title: item.title,
      image: item.images[0] ?? null,
      createdAt: item.createdAt.toISOString(),
      state: listingState(item),
      removal: item.removedAt ? { reason: item.removalReason, note: item.removalNote } : null,
    })),
    trades: tradeRows.map(({ trade, requestedTitle, offeredTitle, partner: other }) => ({
      id: trade.id,
      status: trade.status,
      asOwner: trade.ownerId === memberId,
      partner: summary(other),
      requestedTitle,
      offeredTitle,
      createdAt: trade.createdAt.toISOString(),
      updatedAt: trade.updatedAt.toISOString(),
    })),
    reportsAgainst,
    reportsBy,
    audit,
  };
}

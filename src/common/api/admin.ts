import { z } from 'zod';
import { TRADE_STATUSES } from '../domain/trade-state';
import { auditEntry, MEMBER_ROLES } from './moderation';
import { REPORT_REASONS, report } from './safety';
import { reliability } from './trades';
import { user, userSummary } from './users';

/** The weeks the console's dashboard charts: this week and the 11 before it. */
export const STATS_WEEKS = 12;
/** The window of the median time to resolve a report, in days. */
export const RESOLUTION_WINDOW_DAYS = 90;

/** One week (Monday 00:00 UTC) of the community's activity. */
export const weeklyActivity = z.object({
  /** The week's Monday, YYYY-MM-DD (UTC). */
  week: z.string(),
  newMembers: z.number().int(),
  newListings: z.number().int(),
  completedSwaps: z.number().int(),
  completedRings: z.number().int(),
});
export type WeeklyActivity = z.infer<typeof weeklyActivity>;

/** GET /api/admin/stats. */
export const adminStats = z.object({
  /** Oldest first, exactly STATS_WEEKS entries (weeks without activity count 0). */
  weeks: z.array(weeklyActivity),
  openReports: z.number().int(),
  openDisputes: z.number().int(),
  /** Median seconds from a report to its resolution, over those resolved in the last 90 days; null with none. */
  medianReportResolutionSeconds: z.number().nullable(),
  /** How many reports the median is over. */
  reportsResolved: z.number().int(),
});
export type AdminStats = z.infer<typeof adminStats>;

/** GET /api/admin/members/:id: what the console's member directory shows of one member. */
export const adminMemberDetail = z.object({
  profile: user
    .pick({ id: true, firstName: true, lastName: true, email: true, profileImageUrl: true, location: true })
    .extend({ createdAt: z.string(), emailVerified: z.boolean() }),
  role: z.enum(MEMBER_ROLES),
  status: z.enum(['active', 'suspended', 'deleted']),
  suspension: z
    .object({
      since: z.string(),
      /** null: until lifted. */
      until: z.string().nullable(),
      reason: z.enum(REPORT_REASONS).nullable(),
      note: z.string().nullable(),
    })
    .nullable(),
  reliability: reliability,
  /** Newest first, up to 50, removed and deleted ones included. */
  listings: z.array(
    z.object({
      id: z.string(),
      title: z.string(),
      image: z.string().nullable(),
      createdAt: z.string(),
      state: z.enum(['listed', 'unlisted', 'traded', 'removed', 'hidden', 'deleted']),
      removal: z
        .object({ reason: z.enum(REPORT_REASONS).nullable(), note: z.string().nullable() })
        .nullable(),
    }),
  ),
  /** Their most recent trades, newest first, up to 20. */
  trades: z.array(
    z.object({
      id: z.string(),
      status: z.enum(TRADE_STATUSES),
      /** The member was the owner of the requested item (else the requester). */
      asOwner: z.boolean(),
      partner: userSummary.nullable(),
      requestedTitle: z.string(),
      /** Null for a giveaway handover (the requester gave nothing). */
      offeredTitle: z.string().nullable(),
      createdAt: z.string(),
      updatedAt: z.string(),
    }),
  ),
  /** Reports about the member or their listings, newest first, up to 50. */
  reportsAgainst: z.array(report),
  /** Reports the member filed, newest first, up to 50. */
  reportsBy: z.array(report),
  /** Audit entries about the member or by them, newest first, up to 50. */
  audit: z.array(auditEntry),
});
export type AdminMemberDetail = z.infer<typeof adminMemberDetail>;

import { z } from 'zod';
import { canonicalId } from './common';
import { REPORT_REASONS, report } from './safety';
import { reliability } from './trades';
import { userSummary } from './users';

/** Roles, least to most: an admin can do all a moderator can, and set roles. */
export const MEMBER_ROLES = ['member', 'moderator', 'admin'] as const;
export type MemberRole = (typeof MEMBER_ROLES)[number];

/** What the audit log records; `<target>.<what happened>`. */
export const MODERATION_ACTIONS = [
  'item.removed',
  'item.restored',
  'member.suspended',
  'member.unsuspended',
  'member.warned',
  'member.role-changed',
  'reports.resolved',
  'reports.reopened',
  'appeal.granted',
  'appeal.rejected',
  'dispute.resolved',
  'community.updated',
] as const;
export type ModerationAction = (typeof MODERATION_ACTIONS)[number];

export const MAX_MODERATION_NOTE_LENGTH = 1000;
export const MAX_APPEAL_LENGTH = 2000;
/** The longest suspension with an end date; longer ones are "until lifted". */
export const MAX_SUSPENSION_DAYS = 3650;

const reasonField = z.enum(REPORT_REASONS, {
  message: `reason must be one of: ${REPORT_REASONS.join(', ')}`,
});
const noteField = z
  .string({ message: 'note must be text' })
  .trim()
  .max(MAX_MODERATION_NOTE_LENGTH, {
    message: `note must be at most ${MAX_MODERATION_NOTE_LENGTH} characters`,
  })
  .optional();

export const removalInput = z.object({ reason: reasonField, note: noteField }).strict();
export type RemovalInput = z.infer<typeof removalInput>;

export const suspensionInput = z
  .object({
    reason: reasonField,
    /** Whole days from now; absent: until a moderator lifts it. */
    days: z
      .number({ message: 'days must be a number' })
      .int({ message: 'days must be a whole number' })
      .min(1, { message: 'days must be at least 1' })
      .max(MAX_SUSPENSION_DAYS, { message: `days must be at most ${MAX_SUSPENSION_DAYS}` })
      .optional(),
    note: noteField,
  })
  .strict();
export type SuspensionInput = z.infer<typeof suspensionInput>;

export const warningInput = z
  .object({
    message: z
      .string({ message: 'message must be text' })
      .trim()
      .min(1, { message: 'message is required' })
      .max(MAX_MODERATION_NOTE_LENGTH, {
        message: `message must be at most ${MAX_MODERATION_NOTE_LENGTH} characters`,
      }),
  })
  .strict();

export const appealInput = z
  .object({
    targetType: z.enum(['item', 'member'], { message: 'targetType must be item or member' }),
    targetId: canonicalId('targetId must be an id'),
    text: z
      .string({ message: 'text must be text' })
      .trim()
      .min(1, { message: 'text is required' })
      .max(MAX_APPEAL_LENGTH, { message: `text must be at most ${MAX_APPEAL_LENGTH} characters` }),
    /**
     * A suspended member cannot sign in: the sign-in refusal hands them this token, which stands for
     * their session here (it proves the password was right, and names the suspension).
     */
    appealToken: z.string().min(1).max(500).optional(),
  })
  .strict();
export type AppealInput = z.infer<typeof appealInput>;

/** What a refused sign-in of a suspended member carries besides its message. */
export const suspensionNotice = z.object({
  reason: z.enum(REPORT_REASONS),
  note: z.string().nullable(),
  /** ISO date-time; null: until lifted. */
  until: z.string().nullable(),
  /** For POST /api/appeals; null once this suspension was appealed. */
  appealToken: z.string().nullable(),
});
export type SuspensionNotice = z.infer<typeof suspensionNotice>;

export const roleInput = z
  .object({ role: z.enum(MEMBER_ROLES, { message: `role must be one of: ${MEMBER_ROLES.join(', ')}` }) })
  .strict();

const page = z.coerce
  .number({ message: 'page must be a number' })
  .int({ message: 'page must be a whole number' })
  .min(1, { message: 'page must be at least 1' })
  .max(10_000, { message: 'page must be at most 10000' })
  .default(1);

export const adminMembersQuery = z
  .object({
    q: z.string().trim().max(100, { message: 'q must be at most 100 characters' }).default(''),
    page,
  })
  .strict();

export const adminMember = z.object({
  id: z.string(),
  firstName: z.string(),
  lastName: z.string().nullable(),
  email: z.string(),
  role: z.enum(MEMBER_ROLES),
  status: z.enum(['active', 'suspended', 'deleted']),
  suspendedUntil: z.string().nullable(),
  createdAt: z.string(),
  counts: z.object({
    listings: z.number().int(),
    trades: z.number().int(),
    reportsAgainst: z.number().int(),
  }),
});
export const adminMemberPage = z.object({
  members: z.array(adminMember),
  page: z.number().int(),
  hasMore: z.boolean(),
});
export type AdminMemberPage = z.infer<typeof adminMemberPage>;

export const auditQuery = z
  .object({
    page,
    action: z.enum(MODERATION_ACTIONS, { message: 'Unknown action' }).optional(),
    actorId: canonicalId('actorId must be an id').optional(),
    subjectId: canonicalId('subjectId must be an id').optional(),
    targetId: canonicalId('targetId must be an id').optional(),
  })
  .strict();

export const auditEntry = z.object({
  id: z.string(),
  actor: userSummary.nullable(),
  action: z.enum(MODERATION_ACTIONS),
  targetType: z.enum(['item', 'member', 'report', 'appeal', 'dispute', 'community']),
  targetId: z.string(),
  subjectId: z.string().nullable(),
  reason: z.string().nullable(),
  note: z.string().nullable(),
  details: z.record(z.string(), z.union([z.string(), z.number(), z.null()])),
  createdAt: z.string(),
});
export type AuditEntry = z.infer<typeof auditEntry>;
export const auditPage = z.object({
  entries: z.array(auditEntry),
  page: z.number().int(),
  hasMore: z.boolean(),
});

/** An action on the member's own account or listings, as their account page lists it. */
export const ownModerationEntry = z.object({
  id: z.string(),
  action: z.enum(MODERATION_ACTIONS),
  targetType: z.enum(['item', 'member']),
  targetId: z.string(),
  /** The item's title for an action on a listing. */
  targetLabel: z.string().nullable(),
  reason: z.string().nullable(),
  note: z.string().nullable(),
  /** A warning's text, a suspension's end. */
  details: z.record(z.string(), z.union([z.string(), z.number(), z.null()])),
  createdAt: z.string(),
  /** A removal or suspension still in force that was not appealed yet. */
  appealable: z.boolean(),
  appealStatus: z.enum(['open', 'granted', 'rejected']).nullable(),
});
export type OwnModerationEntry = z.infer<typeof ownModerationEntry>;

export const moderationQueueFilter = z
  .object({
    status: z.enum(['open', 'resolved'], { message: 'status must be open or resolved' }).default('open'),
    kind: z.enum(['all', 'item', 'user'], { message: 'kind must be all, item or user' }).default('all'),
  })
  .strict();

/** The open (or resolved) reports about one item or member, with what a moderator needs to act. */
export const reportGroup = z.object({
  targetType: z.enum(['item', 'user']),
  targetId: z.string(),
  label: z.string(),
  /** The item's owner, or the member themself. */
  subject: userSummary.nullable(),
  item: z
    .object({
      id: z.string(),
      title: z.string(),
      image: z.string().nullable(),
      listed: z.boolean(),
      removal: z.object({ reason: z.enum(REPORT_REASONS), note: z.string().nullable() }).nullable(),
      hiddenByReports: z.boolean(),
    })
    .nullable(),
  /** The reported member, or the reported listing's owner. */
  member: z
    .object({
      role: z.enum(MEMBER_ROLES),
      suspended: z.boolean(),
      suspendedUntil: z.string().nullable(),
    })
    .nullable(),
  reports: z.array(report),
  /** Reports about this target already resolved. */
  pastReports: z.number().int(),
  history: z.array(auditEntry),
  reliability: reliability.nullable(),
});
export type ReportGroup = z.infer<typeof reportGroup>;

export const reportDismissalInput = z
  .object({
    targetType: z.enum(['item', 'user'], { message: 'targetType must be item or user' }),
    targetId: canonicalId('targetId must be an id'),
  })
  .strict();

export const appealEntry = z.object({
  id: z.string(),
  member: userSummary.nullable(),
  targetType: z.enum(['item', 'member']),
  targetId: z.string(),
  targetLabel: z.string(),
  text: z.string(),
  status: z.enum(['open', 'granted', 'rejected']),
  createdAt: z.string(),
  sanction: z.object({ reason: z.string().nullable(), note: z.string().nullable() }),
});
export type AppealEntry = z.infer<typeof appealEntry>;

export const appealDecisionInput = z
  .object({
    decision: z.enum(['granted', 'rejected'], { message: 'decision must be granted or rejected' }),
  })
  .strict();

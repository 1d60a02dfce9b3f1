import { z } from 'zod';
import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from '../domain/password-policy';
import { canonicalId, moderationQueueQuery } from './common';
import { userSummary } from './users';
import { MAX_REPORT_DETAILS_LENGTH } from '../domain/limits';

export const REPORT_REASONS = ['spam', 'counterfeit', 'offensive', 'scam', 'prohibited', 'other'] as const;
export const REPORT_REASON_LABELS: Record<(typeof REPORT_REASONS)[number], string> = {
  spam: 'Spam',
  counterfeit: 'Counterfeit item',
  offensive: 'Offensive content',
  scam: 'Scam or fraud',
  prohibited: 'Prohibited item',
  other: 'Something else',
};

export const reportInput = z
  .object({
    targetType: z.enum(['item', 'user'], { message: 'targetType must be item or user' }),
    targetId: canonicalId('targetId must be an id'),
    reason: z.enum(REPORT_REASONS, { message: `reason must be one of: ${REPORT_REASONS.join(', ')}` }),
    details: z
      .string()
      .trim()
      .max(MAX_REPORT_DETAILS_LENGTH, {
        message: `Details must be at most ${MAX_REPORT_DETAILS_LENGTH} characters`,
      })
      .default(''),
  })
  .strict();

export const report = z.object({
  id: z.string(),
  targetType: z.enum(['item', 'user']),
  targetId: z.string(),
  /** The reported item's title or member's name, for moderators. */
  targetLabel: z.string(),
  reason: z.enum(REPORT_REASONS),
  details: z.string(),
  status: z.enum(['open', 'resolved']),
  createdAt: z.string(),
  reporter: userSummary.nullable(),
});
export type Report = z.infer<typeof report>;

export const reportStatusInput = z
  .object({ status: z.enum(['open', 'resolved'], { message: 'status must be open or resolved' }) })
  .strict();

export const blockInput = z.object({ userId: canonicalId('userId must be a member id') }).strict();
export const blockedMember = z.object({ user: userSummary, createdAt: z.string() });

export const passwordChangeInput = z
  .object({
    currentPassword: z
      .string({ message: 'Current password is required' })
      .min(1, { message: 'Current password is required' })
      .max(200),
    newPassword: z
      .string({ message: 'New password is required' })
      .min(MIN_PASSWORD_LENGTH, {
        message: `Password must be at least ${MIN_PASSWORD_LENGTH} characters long`,
      })
      .max(MAX_PASSWORD_LENGTH, { message: `Password must be at most ${MAX_PASSWORD_LENGTH} characters` }),
  })
  .strict();

export const accountDeletionInput = z
  .object({
    password: z
      .string({ message: 'Password is required' })
      .min(1, { message: 'Password is required' })
      .max(200),
  })
  .strict();

export const reportListQuery = moderationQueueQuery;

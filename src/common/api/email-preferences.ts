import { z } from 'zod';

/**
 * The kinds of email a member can turn on or off. The first five go out at once (what cannot wait);
 * `digest` is the daily email that gathers every other notification.
 */
export const EMAIL_TYPES = [
  'tradeRequest',
  'tradeAccepted',
  'ringProposal',
  'dispute',
  'unreadMessage',
  'digest',
] as const;
export type EmailType = (typeof EMAIL_TYPES)[number];

/** The kinds sent at once, as soon as what they tell of happens (the unread-message one after an hour). */
export const IMMEDIATE_EMAIL_TYPES = [
  'tradeRequest',
  'tradeAccepted',
  'ringProposal',
  'dispute',
  'unreadMessage',
] as const satisfies readonly EmailType[];
export type ImmediateEmailType = (typeof IMMEDIATE_EMAIL_TYPES)[number];

/** What each kind is, as the settings card and the unsubscribe page name it. */
export const EMAIL_TYPE_LABELS: Record<EmailType, string> = {
  tradeRequest: 'Barter requests you receive',
  tradeAccepted: 'Your barter requests accepted',
  ringProposal: 'Swap rings proposed to you',
  dispute: 'Disputes opened on your trades and rings',
  unreadMessage: 'Messages unread for an hour',
  digest: 'Daily digest of your other notifications',
};

/** A member's email settings: every kind, on or off. New members have them all on. */
export const emailPreferences = z.object(
  Object.fromEntries(EMAIL_TYPES.map((type) => [type, z.boolean()])) as Record<EmailType, z.ZodBoolean>,
);
export type EmailPreferences = z.infer<typeof emailPreferences>;

export const DEFAULT_EMAIL_PREFERENCES: EmailPreferences = Object.fromEntries(
  EMAIL_TYPES.map((type) => [type, true]),
) as EmailPreferences;

/** A change of some kinds; the others stay as they are. */
export const emailPreferencesInput = emailPreferences
  .partial()
  .strict()
  .refine((input) => Object.keys(input).length > 0, { message: 'Give at least one email setting to change' });
export type EmailPreferencesInput = z.infer<typeof emailPreferencesInput>;

/** What an unsubscribe link names: one kind of email, or all of them. */
export const UNSUBSCRIBE_SCOPES = [...EMAIL_TYPES, 'all'] as const;
export type UnsubscribeScope = (typeof UNSUBSCRIBE_SCOPES)[number];

/**
 * `<member id>.<scope>.<issued (Unix seconds)>.<address tag>.<signature>`, or the older
 * `<member id>.<scope>.<signature>` of links sent before they expired (refused as expired); see
 * src/server/modules/notifications/unsubscribe-links.ts.
 */
export const unsubscribeQuery = z
  .object({
    token: z
      .string({ message: 'The unsubscribe link is missing its token' })
      .max(200, { message: 'This unsubscribe link is not valid' })
      .regex(/^[0-9a-f-]{36}\.[A-Za-z]{1,20}\.(?:[0-9]{1,12}\.[A-Za-z0-9_-]{16}\.)?[A-Za-z0-9_-]{43}$/, {
        message: 'This unsubscribe link is not valid',
      }),
  })
  .strict();

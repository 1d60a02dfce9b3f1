import { z } from 'zod';
import { LOCALES } from '../domain/locales';
import { PROFILE_CATEGORIES } from '../domain/taxonomy';
import { MAX_BIO_LENGTH, MAX_LOCATION_LENGTH, MAX_NAME_LENGTH } from '../domain/limits';
import { oneLine, oneLineText } from './common';

/** A member as every API answer shows them . Never carries a password hash. */
export const user = z.object({
  id: z.string(),
  firstName: z.string(),
  lastName: z.string().nullable(),
  email: z.string(),
  profileImageUrl: z.string().nullable(),
  /** Where the member is, in their own words; null when they have not said. */
  location: z.string().nullable(),
  /** The member's town in the gazetteer (GET /api/towns/:id names it); null until chosen. */
  townId: z.number().int().nullable().optional(),
  bio: z.string().nullable(),
  preferredCategories: z.array(z.string()),
  preferredSizes: z.record(z.string(), z.array(z.string())),
  createdAt: z.string(),
  /** Only on the member's own record: may they use the moderation view (a role granted with `npm run moderator`). */
  isModerator: z.boolean().optional(),
  /** Only on the member's own record: may they open the admin console (/admin). */
  isAdmin: z.boolean().optional(),
  /** Only on the member's own record: have they opened the link sent to their email. */
  emailVerified: z.boolean().optional(),
  /** Only on the member's own record: must they verify it before sending trade requests and messages. */
  emailVerificationRequired: z.boolean().optional(),
  /** Only on the member's own record: holiday mode's end (ISO, the start of the return date), or null when not away. */
  holidayUntil: z.string().nullable().optional(),
  /** Only on the member's own record: the welcome flow after registering is still to be shown. */
  onboardingPending: z.boolean().optional(),
  /** Only on the member's own record: the language they chose, or null when the browser decides. */
  locale: z.enum(LOCALES).nullable().optional(),
});
export type User = z.infer<typeof user>;

/** `PUT /api/users/locale`: the member's language for pages, emails and notifications. */
export const localeInput = z.object({
  locale: z.enum(LOCALES, { message: `Language must be one of: ${LOCALES.join(', ')}` }),
});
export type LocaleInput = z.infer<typeof localeInput>;

/**
 * The public face of a member, shown beside their items, trades and reviews. `lastName` is the
 * initial only ("S.") everywhere but in the answers about a trade or ring, to its parties.
 */
export const userSummary = z.object({
  id: z.string(),
  firstName: z.string(),
  lastName: z.string().nullable(),
  profileImageUrl: z.string().nullable(),
});
export type UserSummary = z.infer<typeof userSummary>;

export const preferencesInput = z
  .object({
    bio: z
      .string()
      .trim()
      .max(MAX_BIO_LENGTH, { message: `Bio must be at most ${MAX_BIO_LENGTH} characters` })
      .optional(),
    preferredCategories: z
      .array(z.enum(PROFILE_CATEGORIES, { message: 'Unknown category' }))
      .max(PROFILE_CATEGORIES.length)
      .optional(),
    preferredSizes: z
      .partialRecord(
        z.enum(PROFILE_CATEGORIES, { message: 'Unknown category' }),
        z
          .array(
            z
              .string()
              .trim()
              .min(1)
              .max(10)
              .refine(...oneLine('A size')),
          )
          .max(40),
      )
      .optional(),
  })
  .strict();
export type PreferencesInput = z.infer<typeof preferencesInput>;

/** An optional one-line text field: blank (or null) clears it. */
const optionalText = (label: string, max: number) =>
  z
    .string({ message: `${label} must be text` })
    .trim()
    .max(max, { message: `${label} must be at most ${max} characters` })
    .refine(...oneLine(label))
    .nullable()
    .transform((value) => value || null);

/** The member's name and location, from account settings (PATCH /api/users/profile). */
export const profileInput = z
  .object({
    firstName: oneLineText('First name', 1, MAX_NAME_LENGTH),
    lastName: optionalText('Last name', MAX_NAME_LENGTH).optional(),
    location: optionalText('Location', MAX_LOCATION_LENGTH).optional(),
    /** A town of the gazetteer (GET /api/towns), or null to forget it. */
    townId: z.number().int().positive().max(2_147_483_647).nullable().optional(),
  })
  .strict();
export type ProfileInput = z.input<typeof profileInput>;

/** Holiday mode: the return date, a calendar day (YYYY-MM-DD) after today and at most 90 days away. */
export const holidayInput = z
  .object({
    until: z
      .string({ message: 'Choose a return date' })
      .regex(/^\d{4}-\d{2}-\d{2}$/, { message: 'Choose a return date (YYYY-MM-DD)' }),
  })
  .strict();
export type HolidayInput = z.infer<typeof holidayInput>;

/**
 * A member's public profile (GET /api/users/:userId/profile), open to visitors too: the name as
 * first name and last initial, never the email, full last name, preferences or anything private.
 */
export const publicProfile = z.object({
  id: z.string(),
  /** "Nina K." */
  displayName: z.string(),
  firstName: z.string(),
  profileImageUrl: z.string().nullable(),
  bio: z.string().nullable(),
  location: z.string().nullable(),
  /** ISO timestamp of sign-up. */
  memberSince: z.string(),
  /** Holiday mode's end (ISO), or null when they are not away. */
  awayUntil: z.string().nullable(),
  completedSwaps: z.number().int(),
  /** Average of the counted reviews (one decimal), or null with none. */
  averageRating: z.number().nullable(),
  reviewCount: z.number().int(),
  /** No accepted trade and no review yet: the profile says "New member" instead of figures. */
  isNew: z.boolean(),
});
export type PublicProfile = z.infer<typeof publicProfile>;

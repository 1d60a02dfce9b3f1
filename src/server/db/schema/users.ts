import { sql } from 'drizzle-orm';
import { REPORT_REASONS } from '../../../common/api/safety';
import { MEMBER_ROLES } from '../../../common/api/moderation';
import * as pg from 'drizzle-orm/pg-core';
import { towns } from './towns';

export const users = pg.pgTable(
  'users',
  {
    id: pg.uuid('id').primaryKey().defaultRandom(),
    /** Stored lower-cased; unique ignoring case. */
    email: pg.text('email').notNull(),
    passwordHash: pg.text('password_hash'),
    firstName: pg.text('first_name').notNull(),
    lastName: pg.text('last_name'),
    profileImageUrl: pg.text('profile_image_url'),
    /** Where the member is, in their own words ("Leeds, UK"); shown on their profile. */
    location: pg.text('location'),
    /** The member's town (the gazetteer), for "Near me", distances and meet-ups; null until chosen. */
    townId: pg.integer('town_id').references(() => towns.id),
    bio: pg.text('bio'),
    preferredCategories: pg
      .text('preferred_categories')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    preferredSizes: pg.jsonb('preferred_sizes').$type<Record<string, string[]>>().notNull().default({}),
    /** Average of the member's visible review ratings; kept by the reviews module. */
    ratingAverage: pg.real('rating_average'),
    ratingCount: pg.integer('rating_count').notNull().default(0),
    /**
     * 'member', 'moderator' or 'admin' (who can do all a moderator can, and set roles). Granted from
     * the shell (`npm run moderator`, `npm run admin`) or by an admin, never by registering: an
     * address cannot carry a role to whoever signs up with it next.
     */
    role: pg.text('role', { enum: MEMBER_ROLES }).notNull().default('member'),
    createdAt: pg.timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * When the member proved they read mail at `email` (the link sent at registration or on an email
     * change); null until then. Members from before verification existed count as verified.
     */
    emailVerifiedAt: pg.timestamp('email_verified_at', { withTimezone: true }),
    /** Set when the member deleted their account; the row stays, anonymised, for others' trade history. */
    deletedAt: pg.timestamp('deleted_at', { withTimezone: true }),
    /**
     * Holiday mode: the member is away until this moment (the start of their return date, UTC).
     * While it is in the future their items leave every marketplace list and match, and new trade
     * requests for them are refused; once it passes, it ends by itself (lib/item-visibility.ts).
     */
    holidayUntil: pg.timestamp('holiday_until', { withTimezone: true }),
    /**
     * True from registration until the member finishes or skips the welcome flow (sizes, styles,
     * location, a first listing), so that it shows once. Members from before it existed never see it.
     */
    onboardingPending: pg.boolean('onboarding_pending').notNull().default(false),
    /**
     * The language the member chose ('en' or 'fr'); null until they choose, when the browser's
     * Accept-Language decides. Their pages, emails and notifications are in it.
     */
    locale: pg.text('locale'),
    /**
     * Suspended by a moderator from this moment: the member cannot sign in and their listings are
     * held (items.held_by_suspension). Null when not suspended. The suspension is over once
     * `suspendedUntil` passes (sign-in checks that at once; the sweep releases the listings).
     */
    suspendedAt: pg.timestamp('suspended_at', { withTimezone: true }),
    /** When the suspension ends; null while suspended means until a moderator lifts it. */
    suspendedUntil: pg.timestamp('suspended_until', { withTimezone: true }),
    suspensionReason: pg.text('suspension_reason', { enum: REPORT_REASONS }),
    suspensionNote: pg.text('suspension_note'),
  },
  (t) => [
    pg.uniqueIndex('users_email_lower_idx').on(sql`lower(${t.email})`),
    // New members per week (the admin console's dashboard).
    pg.index('users_created_idx').on(t.createdAt),
    // The few members away at any time: what `ownerPresent` looks up for every listed item.
    pg
      .index('users_holiday_idx')
      .on(t.holidayUntil)
      .where(sql`${t.holidayUntil} is not null`),
  ],
);

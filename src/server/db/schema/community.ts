import { sql } from 'drizzle-orm';
import { REGISTRATION_MODES } from '../../../common/api/community';
import { LOCALES } from '../../../common/domain/locales';
import { UNIT_SYSTEMS } from '../../../common/domain/units';
import * as pg from 'drizzle-orm/pg-core';
import { id, memberId, createdAt, updatedAt } from './columns';
import { users } from './users';

/**
 * The community's settings (src/common/api/community.ts, decision 021): exactly one row, made on
 * first start from the defaults and the COMMUNITY_* environment variables, then changed by admins
 * only. `singleton` is always true and unique, so a second row cannot exist. Amounts are integer
 * minor units of `currency`.
 */
export const communitySettings = pg.pgTable(
  'community_settings',
  {
    id: id(),
    singleton: pg.boolean('singleton').notNull().default(true),
    name: pg.text('name').notNull(),
    description: pg.text('description').notNull(),
    rules: pg.text('rules').notNull().default(''),
    contactEmail: pg.text('contact_email'),
    currency: pg.text('currency').notNull(),
    country: pg.text('country').notNull(),
    unitSystem: pg.text('unit_system', { enum: UNIT_SYSTEMS }).notNull(),
    language: pg.text('language', { enum: LOCALES }).notNull(),
    registration: pg.text('registration', { enum: REGISTRATION_MODES }).notNull().default('open'),
    allowedDomains: pg
      .text('allowed_domains')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    announcement: pg.text('announcement'),
    /** A new id with every new announcement text: members dismiss one announcement, not all. */
    announcementId: pg.uuid('announcement_id'),
    shippingBaseMinor: pg.integer('shipping_base_minor').notNull(),
    shippingPerPoundMinor: pg.integer('shipping_per_pound_minor').notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [
    pg.uniqueIndex('community_settings_singleton_idx').on(t.singleton),
    pg.check('community_settings_singleton', sql`${t.singleton}`),
  ],
);

/**
 * Invitation links (invite-only registration): sent by members and admins, each used once to
 * create one account, within INVITATION_DAYS. Only the token's hash is stored.
 */
export const invitations = pg.pgTable(
  'invitations',
  {
    id: id(),
    tokenHash: pg.text('token_hash').notNull(),
    inviterId: memberId('inviter_id'),
    createdAt: createdAt(),
    expiresAt: pg.timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: pg.timestamp('used_at', { withTimezone: true }),
    usedBy: pg.uuid('used_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    pg.uniqueIndex('invitations_token_idx').on(t.tokenHash),
    pg.index('invitations_inviter_idx').on(t.inviterId, t.createdAt.desc()),
  ],
);

import * as pg from 'drizzle-orm/pg-core';
import { id, memberId, createdAt } from './columns';

/**
 * A member's account at an external OpenID Connect provider (OIDC_ISSUER): the provider's issuer
 * and subject identify the member on every later sign-in, whatever their email becomes.
 */
export const userIdentities = pg.pgTable(
  'user_identities',
  {
    id: id(),
    userId: memberId('user_id'),
    issuer: pg.text('issuer').notNull(),
    subject: pg.text('subject').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    pg.uniqueIndex('user_identities_issuer_subject_idx').on(t.issuer, t.subject),
    pg.index('user_identities_user_idx').on(t.userId),
  ],
);

/**
 * Login and register attempt counters, shared by every instance on PostgreSQL, so that limits hold behind a load balancer. The layout
 * is the one rate-limiter-flexible's RateLimiterPostgres reads and writes (lib/rate-limit.ts).
 */
export const authRateLimits = pg.pgTable('auth_rate_limits', {
  key: pg.varchar('key', { length: 255 }).primaryKey(),
  points: pg.integer('points').notNull().default(0),
  /** Epoch milliseconds. */
  expire: pg.bigint('expire', { mode: 'number' }),
});

/** Server-side sessions: the cookie holds an opaque token; only its SHA-256 is stored. */
export const sessions = pg.pgTable(
  'sessions',
  {
    tokenHash: pg.text('token_hash').primaryKey(),
    /** What the member's session list shows and ends sessions by: never the token or its hash. */
    id: pg.uuid('id').notNull().defaultRandom(),
    userId: memberId('user_id'),
    /** The browser's User-Agent at sign-in, cut to 512 characters: the session list names the device by it. */
    userAgent: pg.text('user_agent'),
    createdAt: createdAt(),
    lastSeenAt: pg.timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: pg.timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [pg.index('sessions_user_idx').on(t.userId), pg.uniqueIndex('sessions_id_idx').on(t.id)],
);

export const EMAIL_TOKEN_PURPOSES = ['password-reset', 'verify-email', 'email-change'] as const;

export type EmailTokenPurpose = (typeof EMAIL_TOKEN_PURPOSES)[number];

/**
 * Single-use tokens sent by email (password reset, email verification, email change): the link
 * holds a random token, only its SHA-256 is stored; used or expired ones are refused.
 */
export const emailTokens = pg.pgTable(
  'email_tokens',
  {
    tokenHash: pg.text('token_hash').primaryKey(),
    userId: memberId('user_id'),
    purpose: pg.text('purpose', { enum: EMAIL_TOKEN_PURPOSES }).notNull(),
    /** The address an email change moves to (email-change only). */
    newEmail: pg.text('new_email'),
    createdAt: createdAt(),
    expiresAt: pg.timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: pg.timestamp('used_at', { withTimezone: true }),
  },
  (t) => [pg.index('email_tokens_user_idx').on(t.userId, t.purpose)],
);

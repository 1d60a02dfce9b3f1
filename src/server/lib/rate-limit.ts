import type pg from 'pg';
import {
  type RateLimiterAbstract,
  RateLimiterMemory,
  RateLimiterPostgres,
  RateLimiterRes,
} from 'rate-limiter-flexible';
import { tooManyRequests } from './errors';

export interface AuthRateLimits {
  /** Attempts per client IP per window, for login and register together. */
  perIp: number;
  /** Attempts per email address per window. */
  perEmail: number;
  windowSeconds: number;
}

export const DEFAULT_AUTH_RATE_LIMITS: AuthRateLimits = { perIp: 100, perEmail: 10, windowSeconds: 15 * 60 };

/**
 * One budget. On PostgreSQL the counters live in the auth_rate_limits table (member actions' too,
 * under their own key prefixes), so every instance
 * draws on the same budget; should the database fail, each instance falls back to counting in
 * memory (the insurance limiter) rather than letting attempts through uncounted. PGlite is one
 * process: memory is shared enough.
 */
function budget(keyPrefix: string, points: number, duration: number, pool: pg.Pool | undefined) {
  const memory = new RateLimiterMemory({ keyPrefix, points, duration });
  if (!pool) return memory;
  return new RateLimiterPostgres({
    storeClient: pool,
    storeType: 'pool',
    tableName: 'auth_rate_limits',
    tableCreated: true,
    keyPrefix,
    points,
    duration,
    insuranceLimiter: memory,
  });
}

/**
 * Brute-force guard for login and register (design §6): one budget per IP and one per email,
 * shared by all instances on PostgreSQL (`pool`), per process on PGlite.
 */
export function createAuthLimiter(limits: AuthRateLimits, pool?: pg.Pool) {
  const byIp = budget('auth-ip', limits.perIp, limits.windowSeconds, pool);
  const byEmail = budget('auth-email', limits.perEmail, limits.windowSeconds, pool);

  async function take(limiter: RateLimiterAbstract, key: string) {
    try {
      await limiter.consume(key);
    } catch (error) {
      if (!(error instanceof RateLimiterRes)) throw error;
      const minutes = Math.max(1, Math.ceil(error.msBeforeNext / 60_000));
      throw tooManyRequests(
        `Too many attempts. Please wait ${minutes} minute${minutes === 1 ? '' : 's'} and try again.`,
        error.msBeforeNext / 1000,
      );
    }
  }

  return {
    async check(ip: string, email: string | undefined) {
      await take(byIp, ip);
      if (email) await take(byEmail, email.toLowerCase());
    },
    /** A successful sign-in clears the email's budget. */
    async reset(email: string) {
      await byEmail.delete(email.toLowerCase());
    },
  };
}
export type AuthLimiter = ReturnType<typeof createAuthLimiter>;

/** Member actions with a budget of their own (abuse limits). */
export type MemberAction =
  | 'message'
  | 'tradeRequest'
  | 'listing'
  | 'upload'
  | 'friendRequest'
  | 'report'
  | 'review';

export interface MemberRateLimit {
  points: number;
  windowSeconds: number;
}
export type MemberRateLimits = Record<MemberAction, MemberRateLimit>;

/**
 * Far above what a member does by hand (README: Configuration), low enough that a script is
 * stopped within seconds: a message every second for two minutes, a listing a minute with all its
 * photos, and so on.
 */
export const DEFAULT_MEMBER_RATE_LIMITS: MemberRateLimits = {
  message: { points: 120, windowSeconds: 2 * 60 },
  tradeRequest: { points: 40, windowSeconds: 60 * 60 },
  listing: { points: 60, windowSeconds: 60 * 60 },
  upload: { points: 300, windowSeconds: 60 * 60 },
  friendRequest: { points: 60, windowSeconds: 60 * 60 },
  report: { points: 20, windowSeconds: 60 * 60 },
  review: { points: 30, windowSeconds: 60 * 60 },
};

const WHAT: Record<MemberAction, string> = {
  message: 'messages',
  tradeRequest: 'trade requests',
  listing: 'listings',
  upload: 'uploads',
  friendRequest: 'friend requests',
  report: 'reports',
  review: 'reviews',
};

/**
 * Per-member budgets for the actions a script could flood others with, shared by all instances on
 * PostgreSQL (`pool`) like the sign-in limits. `take` spends one point or throws a 429 with
 * Retry-After.
 */
export function createMemberLimiter(limits: MemberRateLimits, pool?: pg.Pool) {
  const budgets = new Map(
    (Object.entries(limits) as Array<[MemberAction, MemberRateLimit]>).map(([action, limit]) => [
      action,
      budget(`member-${action}`, limit.points, limit.windowSeconds, pool),
    ]),
  );
  return {
    async take(action: MemberAction, memberId: string) {
      try {
        await budgets.get(action)?.consume(memberId);
      } catch (error) {
        if (!(error instanceof RateLimiterRes)) throw error;
        const seconds = Math.max(1, Math.ceil(error.msBeforeNext / 1000));
        throw tooManyRequests(
          `Too many ${WHAT[action]} in a short time. Please wait ${seconds < 120 ? `${seconds} seconds` : `${Math.ceil(seconds / 60)} minutes`} and try again.`,
          seconds,
        );
      }
    },
  };
}
export type MemberLimiter = ReturnType<typeof createMemberLimiter>;

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
 * One budget. On PostgreSQL the counters live in the auth_rate_limits table, so every instance
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

export interface MemberActionLimit {
  /** Actions per member per window. */
  points: number;
  windowSeconds: number;
}

/**
 * A per-member budget for one kind of action (cancelling trades, opening disputes): shared by all
 * instances on PostgreSQL, per process on PGlite. Over budget answers 429 with Retry-After.
 */
export function createMemberLimiter(action: string, limit: MemberActionLimit, pool?: pg.Pool) {
  const limiter = budget(`member-${action}`, limit.points, limit.windowSeconds, pool);
  return {
    async take(memberId: string) {
      try {
        await limiter.consume(memberId);
      } catch (error) {
        if (!(error instanceof RateLimiterRes)) throw error;
        const seconds = Math.max(1, Math.ceil(error.msBeforeNext / 1000));
        throw tooManyRequests('You are doing that too often. Please try again later.', seconds);
      }
    },
  };
}
export type MemberLimiter = ReturnType<typeof createMemberLimiter>;

export interface TradeActionLimits {
  /** Cancelling trades and withdrawing requests. */
  cancels: MemberActionLimit;
  disputes: MemberActionLimit;
}

export const DEFAULT_TRADE_ACTION_LIMITS: TradeActionLimits = {
  cancels: { points: 20, windowSeconds: 60 * 60 },
  disputes: { points: 5, windowSeconds: 24 * 60 * 60 },
};

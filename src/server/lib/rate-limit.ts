import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible';
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
 * Brute-force guard for login and register (design §6): one budget per IP and one per email.
 * Memory-backed, so each instance counts on its own; see README "Running several instances".
 */
export function createAuthLimiter(limits: AuthRateLimits) {
  const byIp = new RateLimiterMemory({
    keyPrefix: 'auth-ip',
    points: limits.perIp,
    duration: limits.windowSeconds,
  });
  const byEmail = new RateLimiterMemory({
    keyPrefix: 'auth-email',
    points: limits.perEmail,
    duration: limits.windowSeconds,
  });

  async function take(limiter: RateLimiterMemory, key: string) {
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

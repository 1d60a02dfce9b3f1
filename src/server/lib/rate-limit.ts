import { type SQL, sql } from 'drizzle-orm';
import type pg from 'pg';
import {
  type RateLimiterAbstract,
  RateLimiterMemory,
  RateLimiterPostgres,
  RateLimiterRes,
} from 'rate-limiter-flexible';
import { HttpError, tooManyRequests } from './errors';

export interface AuthRateLimits {
  /** Attempts per client IP per window: sign-in, registration and password checks together. */
  perIp: number;
  /** Failed password checks one (account, IP) pair may make before each further one must wait, doubling. */
  freeFailuresPerPair: number;
  /**
   * Failed password checks per account per window from every IP together: a ceiling far above what
   * one stranger's IP can reach before its own delays stop it, so the owner is never locked out by one.
   */
  perAccount: number;
  /** Dev Login per IP per window. */
  demoPerIp: number;
  windowSeconds: number;
}

export const DEFAULT_AUTH_RATE_LIMITS: AuthRateLimits = {
  perIp: 100,
  freeFailuresPerPair: 5,
  perAccount: 200,
  demoPerIp: 30,
  windowSeconds: 15 * 60,
};

/** The longest a pair waits between failed attempts, however many it made. */
const MAX_PAIR_DELAY_SECONDS = 15 * 60;

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

/** A 429 whose message and Retry-After header say how long to wait. */
function wait(msBeforeNext: number) {
  const seconds = Math.max(1, Math.ceil(msBeforeNext / 1000));
  const minutes = Math.max(1, Math.ceil(seconds / 60));
  return seconds < 60
    ? tooManyRequests('auth.too_many_attempts_seconds', { count: seconds }, seconds)
    : tooManyRequests('auth.too_many_attempts_minutes', { count: minutes }, seconds);
}

/** Wrong-credential answers: the ones that count as a failed password check. */
const isFailedCheck = (error: unknown) =>
  error instanceof HttpError && (error.statusCode === 400 || error.statusCode === 401);

/**
 * Brute-force guard for every password check (ASVS 6.3.1) without locking the owner out: failures
 * are counted per (account, IP) pair, each one past the free ones doubling the wait for that pair
 * only; a per-account ceiling well above one pair's reach bounds a distributed guess; a per-IP budget
 * bounds one client across accounts. Shared by all instances on PostgreSQL (`pool`).
 */
export function createAuthLimiter(limits: AuthRateLimits, pool?: pg.Pool) {
  const window = limits.windowSeconds;
  const byIp = budget('auth-ip', limits.perIp, window, pool);
  const pairFailures = budget('auth-pair', 1_000_000, window, pool);
  const pairDelay = budget('auth-pair-delay', 1, MAX_PAIR_DELAY_SECONDS, pool);
  const accountFailures = budget('auth-account', limits.perAccount, window, pool);
  const demoByIp = budget('demo-ip', limits.demoPerIp, window, pool);

  async function take(limiter: RateLimiterAbstract, key: string) {
    try {
      await limiter.consume(key);
    } catch (error) {
      if (!(error instanceof RateLimiterRes)) throw error;
      throw wait(error.msBeforeNext);
    }
  }

  const pairKey = (ip: string, account: string) => `${account.toLowerCase()}|${ip}`;

  async function refuseWhileWaiting(ip: string, account: string) {
    const delay = await pairDelay.get(pairKey(ip, account));
    if (delay && delay.consumedPoints > 1) throw wait(delay.msBeforeNext);
    const ceiling = await accountFailures.get(account.toLowerCase());
    if (ceiling && ceiling.consumedPoints >= limits.perAccount) throw wait(ceiling.msBeforeNext);
  }

  async function recordFailure(ip: string, account: string) {
    const key = pairKey(ip, account);
    const failures = await pairFailures.penalty(key, 1);
    const over = failures.consumedPoints - limits.freeFailuresPerPair;
    if (over > 0) await pairDelay.block(key, Math.min(2 ** (over - 1), MAX_PAIR_DELAY_SECONDS));
    await accountFailures.penalty(account.toLowerCase(), 1);
  }

  return {
    /** Registration and other unauthenticated writes: the per-IP budget only. */
    async checkIp(ip: string) {
      await take(byIp, ip);
    },
    /**
     * Runs one password check for `account` (an email) from `ip`: refused with 429 while this pair
     * must wait or the account's ceiling is reached; a wrong password (400/401) counts against the
     * pair and the account, a right one clears the pair.
     */
    async attempt<T>(ip: string, account: string, check: () => Promise<T>): Promise<T> {
      await take(byIp, ip);
      await refuseWhileWaiting(ip, account);
      try {
        const result = await check();
        await Promise.all([
          pairFailures.delete(pairKey(ip, account)),
          pairDelay.delete(pairKey(ip, account)),
        ]);
        return result;
      } catch (error) {
        if (isFailedCheck(error)) await recordFailure(ip, account);
        throw error;
      }
    },
    /** Dev Login, per IP. */
    async checkDemo(ip: string) {
      await take(demoByIp, ip);
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
  | 'review'
  | 'tradeCancel'
  | 'dispute'
  | 'swapRuleWrite'
  | 'swapRuleCount'
  | 'ringAction'
  | 'savedSearchWrite'
  | 'profileChange'
  | 'holiday'
  | 'shipment'
  | 'counterOffer'
  | 'emailPreferences'
  | 'itemView'
  | 'draftWrite'
  | 'conversationStart'
  | 'conversationOpen'
  | 'itemEdit'
  | 'moderation'
  | 'moderationRead'
  | 'appeal'
  | 'packingSlip'
  | 'invitation'
  | 'communitySettings'
  | 'giveawayAsk';

export interface MemberRateLimit {
  points: number;
  windowSeconds: number;
}
export type MemberRateLimits = Record<MemberAction, MemberRateLimit>;

/**
 * Far above what a member does by hand (docs/configuration.md, Abuse limits), low enough that a script is
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
  tradeCancel: { points: 20, windowSeconds: 60 * 60 },
  dispute: { points: 5, windowSeconds: 24 * 60 * 60 },
  swapRuleWrite: { points: 120, windowSeconds: 60 * 60 },
  // The rules editor asks for a live count as the member types.
  swapRuleCount: { points: 600, windowSeconds: 60 * 60 },
  ringAction: { points: 120, windowSeconds: 60 * 60 },
  // Saving, opening and deleting saved searches together.
  savedSearchWrite: { points: 120, windowSeconds: 60 * 60 },
  profileChange: { points: 60, windowSeconds: 60 * 60 },
  holiday: { points: 20, windowSeconds: 60 * 60 },
  shipment: { points: 30, windowSeconds: 60 * 60 },
  counterOffer: { points: 40, windowSeconds: 60 * 60 },
  emailPreferences: { points: 60, windowSeconds: 60 * 60 },
  // Opening items while browsing: one every few seconds for an hour.
  itemView: { points: 1200, windowSeconds: 60 * 60 },
  // Saving, updating and deleting listing drafts together.
  draftWrite: { points: 240, windowSeconds: 60 * 60 },
  // Starting a conversation that did not exist: each one lands in someone else's inbox.
  conversationStart: { points: 20, windowSeconds: 60 * 60 },
  // Every find-or-create, existing conversations included (each "Message" button press).
  conversationOpen: { points: 300, windowSeconds: 60 * 60 },
  // Changes to listed items; a change to an item in a pending request notifies the other party.
  itemEdit: { points: 30, windowSeconds: 60 },
  // Moderators' and admins' actions (removals, suspensions, warnings, roles, decisions).
  moderation: { points: 300, windowSeconds: 60 * 60 },
  // The moderation queue, member search and audit log, paged through by hand.
  moderationRead: { points: 1200, windowSeconds: 60 * 60 },
  appeal: { points: 5, windowSeconds: 24 * 60 * 60 },
  // Packing slips drawn (a PDF each): a member prints a handful per swap.
  packingSlip: { points: 60, windowSeconds: 60 * 60 },
  // Invitation links a member creates (each one admits one account to an invite-only community).
  invitation: { points: 20, windowSeconds: 24 * 60 * 60 },
  // An admin saving the community settings form.
  communitySettings: { points: 60, windowSeconds: 60 * 60 },
  // Asking for giveaways, withdrawing and picking: a member asks for a few a day by hand.
  giveawayAsk: { points: 30, windowSeconds: 60 * 60 },
};

/** The 429 for a member past `action`'s budget, with its Retry-After. */
function memberRefusal(action: MemberAction, msBeforeNext: number) {
  const seconds = Math.max(1, Math.ceil(msBeforeNext / 1000));
  return seconds < 120
    ? tooManyRequests('limits.too_many_seconds', { action, wait: seconds }, seconds)
    : tooManyRequests('limits.too_many_minutes', { action, wait: Math.ceil(seconds / 60) }, seconds);
}

/**
 * One point of a member's budget spent by the statement that does the work, so that the action is
 * one round trip and one commit (chat messages: decision 008, "10,000 sockets"). Where the budget is
 * counted in PostgreSQL, `upsert` is the counter's write, the same one `take` makes (same row, same
 * window), for the caller's statement to run as a CTE returning `points` and `expire`; the work
 * must then only happen while `points <= limit`. Where it is counted in memory (PGlite), `upsert` is
 * undefined and `take` spends the point before the statement.
 */
export interface StatementBudget {
  upsert: SQL | undefined;
  /** Points in the window; the statement's point is within the budget while the counter is at most this. */
  limit: number;
  take(): Promise<void>;
  /** Throws the 429 when the counter the statement returned is past the budget. */
  check(points: number, expire: number | string | null): void;
}

/**
 * Per-member budgets for the actions a script could flood others with, shared by all instances on
 * PostgreSQL (`pool`) like the sign-in limits. `take` spends one point or throws a 429 with
 * Retry-After; `inStatement` lets a one-statement action spend it inside its own statement.
 */
export function createMemberLimiter(limits: MemberRateLimits, pool?: pg.Pool) {
  const budgets = new Map(
    (Object.entries(limits) as Array<[MemberAction, MemberRateLimit]>).map(([action, limit]) => [
      action,
      budget(`member-${action}`, limit.points, limit.windowSeconds, pool),
    ]),
  );
  async function take(action: MemberAction, memberId: string) {
    try {
      await budgets.get(action)?.consume(memberId);
    } catch (error) {
      if (!(error instanceof RateLimiterRes)) throw error;
      throw memberRefusal(action, error.msBeforeNext);
    }
  }
  return {
    take,
    inStatement(action: MemberAction, memberId: string): StatementBudget {
      const { points: limit, windowSeconds } = limits[action];
      // rate-limiter-flexible's key and upsert (RateLimiterPostgres), on the app's clock as there.
      const key = `member-${action}:${memberId}`;
      const now = Date.now();
      const expire = now + windowSeconds * 1000;
      return {
        upsert: pool
          ? sql`insert into auth_rate_limits (key, points, expire) values (${key}, 1, ${expire}::bigint)
                on conflict (key) do update set
                  points = case when auth_rate_limits.expire <= ${now}::bigint then 1
                                else auth_rate_limits.points + 1 end,
                  expire = case when auth_rate_limits.expire <= ${now}::bigint then ${expire}::bigint
                                else auth_rate_limits.expire end
                returning points, expire`
          : undefined,
        limit,
        take: () => take(action, memberId),
        check(points, until) {
          if (points > limit) throw memberRefusal(action, Math.max(Number(until ?? 0) - Date.now(), 0));
        },
      };
    },
  };
}
export type MemberLimiter = ReturnType<typeof createMemberLimiter>;

/**
 * How many emails the unauthenticated asks (password reset) may send to one address per window.
 * Past it nothing more is sent, silently: the answer must not differ, and the owner is not locked
 * out of anything but another copy of a link they already have.
 */
export function createMailLimiter(points: number, windowSeconds: number, pool?: pg.Pool) {
  const limiter = budget('mail-address', points, windowSeconds, pool);
  return {
    /** Spends one email for `address`; false when its budget is used up. */
    async allow(address: string) {
      try {
        await limiter.consume(address.toLowerCase());
        return true;
      } catch (error) {
        if (error instanceof RateLimiterRes) return false;
        throw error;
      }
    },
  };
}
export type MailLimiter = ReturnType<typeof createMailLimiter>;

/** Reset links one address may be sent per hour. */
export const MAIL_PER_ADDRESS_PER_HOUR = 5;

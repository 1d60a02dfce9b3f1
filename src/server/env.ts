import { z } from 'zod';
import { isCountryCode, isCurrencyCode } from '../common/domain/currency';
import { LOCALES, type Locale } from '../common/domain/locales';

const flag = z
  .enum(['1', '0', 'true', 'false', 'on', 'off', 'yes', 'no'], {
    message: 'must be one of on, off, true, false, 1, 0, yes, no',
  })
  .transform((value) => ['1', 'true', 'on', 'yes'].includes(value));

/** Configuration (docs/configuration.md), parsed once at boot; a bad value stops the process with a clear message. */
const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(5000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, { message: 'must be a postgres:// or postgresql:// URL' })
    .optional(),
  DATABASE_READ_URLS: z
    .string()
    .trim()
    .regex(/^postgres(ql)?:\/\/[^\s,]+(\s*,\s*postgres(ql)?:\/\/[^\s,]+)*$/, {
      message: 'must be postgres:// or postgresql:// URLs separated by commas',
    })
    .optional(),
  DATABASE_READ_MAX_LAG_SECONDS: z.coerce.number().min(0.1).max(60).default(2),
  DEMO: flag.optional(),
  COOKIE_SECURE: flag.default(false),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
  CLIENT_DIR: z.string().min(1).optional(),
  MARKETPLACE_CACHE_SECONDS: z.coerce.number().min(0).max(3600).default(10),
  MARKETPLACE_CACHE_INVALIDATION: z.enum(['fine', 'whole']).default('fine'),
  MARKETPLACE_CACHE_STATS_FILE: z.string().min(1).optional(),
  SESSION_CACHE_SECONDS: z.coerce.number().min(0).max(60).default(5),
  SHUTDOWN_TIMEOUT_SECONDS: z.coerce.number().min(1).max(600).default(10),
  AUTH_ATTEMPTS_PER_IP: z.coerce.number().int().min(10).max(100_000).default(100),
  TRUST_PROXY: z
    .string()
    .trim()
    .regex(/^(off|false|no|0|\d{1,2}|[\w.:/]+(\s*,\s*[\w.:/]+)*)$/, {
      message:
        'must be off, a hop count (1 for one proxy) or proxy addresses and CIDRs separated by commas (e.g. 10.0.0.1,10.1.0.0/16)',
    })
    .default('off'),
  PENDING_EXPIRY_DAYS: z.coerce.number().positive().max(365).default(7),
  ACCEPTED_EXPIRY_DAYS: z.coerce.number().positive().max(365).default(21),
  CLAIM_WINDOW_DAYS: z.coerce.number().positive().max(365).default(3),
  SHIP_WITHIN_DAYS: z.coerce.number().positive().max(365).default(5),
  SWEEP_INTERVAL_SECONDS: z.coerce.number().int().min(0).max(86_400).default(300),
  UPLOAD_QUOTA_MB: z.coerce.number().int().min(1).max(100_000).default(200),
  HEADERS_TIMEOUT_SECONDS: z.coerce.number().min(1).max(600).default(30),
  REQUEST_TIMEOUT_SECONDS: z.coerce.number().min(1).max(3600).default(120),
  KEEP_ALIVE_TIMEOUT_SECONDS: z.coerce.number().min(1).max(3600).default(72),
  IDLE_TIMEOUT_SECONDS: z.coerce.number().min(1).max(3600).default(120),
  RING_PROPOSAL_HOURS: z.coerce
    .number()
    .positive()
    .max(24 * 30)
    .default(48),
  REPORT_HIDE_THRESHOLD: z.coerce.number().int().min(0).max(1000).default(3),
  RING_REPACK_MINUTES: z.coerce
    .number()
    .min(0)
    .max(24 * 60)
    .default(5),
  RING_MAX_LENGTH: z.coerce.number().int().min(2).max(6).default(5),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, { message: 'must be an smtp:// or smtps:// URL' })
    .optional(),
  MAIL_FROM: z.string().trim().min(3).max(320).default('Threadswap <no-reply@threadswap.example>'),
  APP_URL: z
    .string()
    .regex(/^https?:\/\/[^\s/]+(\/[^\s]*)?$/, { message: 'must be an http:// or https:// URL' })
    .optional(),
  REQUIRE_EMAIL_VERIFICATION: flag.optional(),
  OIDC_ISSUER: z
    .string()
    .regex(/^https?:\/\/[^\s]+$/, { message: 'must be an http:// or https:// URL' })
    .optional(),
  OIDC_CLIENT_ID: z.string().trim().min(1).max(500).optional(),
  OIDC_CLIENT_SECRET: z.string().min(1).max(2000).optional(),
  OIDC_PROVIDER_NAME: z.string().trim().min(1).max(40).optional(),
  METRICS_TOKEN: z
    .string()
    .regex(/^[A-Za-z0-9\-._~+/]{32,512}=*$/, {
      message:
        'must be 32 to 512 characters of A-Z a-z 0-9 - . _ ~ + / (a bearer token; e.g. the output of openssl rand -hex 32)',
    })
    .optional(),
  COMMUNITY_NAME: z.string().trim().min(1).max(60).optional(),
  COMMUNITY_CURRENCY: z
    .string()
    .trim()
    .toUpperCase()
    .refine(isCurrencyCode, { message: 'must be an ISO 4217 currency code such as EUR, GBP or USD' })
    .optional(),
  COMMUNITY_COUNTRY: z
    .string()
    .trim()
    .toUpperCase()
    .refine(isCountryCode, { message: 'must be an ISO 3166 two-letter country code such as FR or GB' })
    .optional(),
  COMMUNITY_LANGUAGE: z.enum(LOCALES).optional(),
  COMMUNITY_CONTACT_EMAIL: z.email({ message: 'must be an email address' }).max(254).optional(),
  TEST_ONLY_MAIL_DELIVERY_DELAY_MS: z.coerce.number().int().min(0).max(600_000).optional(),
});

/**
 * How long the HTTP server waits on a client (docs/configuration.md), so that a client sending
 * slowly cannot hold a connection open for ever. None applies to an open WebSocket.
 */
export interface HttpTimeouts {
  /** A request's headers must all arrive within this long of its start. */
  headersSeconds: number;
  /** A request, headers and body, must arrive whole within this long; the handler's work is not counted. */
  requestSeconds: number;
  /** A kept-alive connection waiting for its next request is closed after this long. */
  keepAliveSeconds: number;
  /** A connection on which nothing is sent or received for this long is closed. */
  idleSeconds: number;
}

/**
 * Swap ring timers and the longest ring (docs/decisions/007-swap-rings.md); accepted rings use the
 * trade timers.
 */
export interface RingTimers {
  /** A proposal holds its items this long; then it expires. */
  proposalHours: number;
  /** How often the whole market is re-packed into rings; 0 turns it off. */
  repackMinutes: number;
  /** Longest ring proposed: every cycle of 2..maxLength members is a candidate. */
  maxLength: number;
}

/** The trade lifecycle's timers (docs/decisions/006-trade-lifecycle.md). */
export interface TradeTimers {
  /** A pending request is declined this long after it was made. */
  pendingExpiryDays: number;
  /** An accepted trade nobody confirmed receiving is cancelled this long after acceptance. */
  acceptedExpiryDays: number;
  /** After one party confirms receipt, the other has this long to confirm or dispute. */
  claimWindowDays: number;
  /**
   * After acceptance each sender has this long to mark their items sent or handed over; a reminder
   * goes out a day before, and past it the partner may cancel at no reliability cost.
   */
  shipWithinDays: number;
}

export interface AppConfig {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  /**
   * PostgreSQL streaming replicas that read-only marketplace queries may use (DATABASE_READ_URLS;
   * docs/decisions/025-read-replicas.md); empty: every read goes to DATABASE_URL.
   */
  databaseReadUrls?: string[] | undefined;
  /** A replica further behind the primary than this serves no read (DATABASE_READ_MAX_LAG_SECONDS). */
  databaseReadMaxLagMs?: number | undefined;
  demo: boolean;
  cookieSecure: boolean;
  logLevel: string;
  poolSize: number;
  /** The built client to serve; defaults to dist/client. */
  clientDir: string | undefined;
  /**
   * How long the public item list and facets may be served from memory at most; every change to
   * items empties the cache at once, on every instance. 0 turns it off.
   */
  marketplaceCacheSeconds: number;
  /**
   * 'fine' (the default): a change drops only the cached reads it can affect (decision 015);
   * 'whole': every change empties the cache, as before (kept for same-run benchmark comparisons).
   */
  marketplaceCacheInvalidation?: 'fine' | 'whole' | undefined;
  /** Where the cache writes its hit and miss counters as JSON when the app closes (benchmarks). */
  marketplaceCacheStatsFile?: string | undefined;
  /**
   * How long an instance trusts a session it looked up without asking the database again (5 s by
   * default; 0 turns it off). Sign-out, password change, account deletion and any change to the
   * member's row reach every instance at once through the event bus (lib/session-cache.ts).
   */
  sessionCacheSeconds?: number | undefined;
  /** After SIGTERM or SIGINT, the process ends within this many seconds, finished or not. */
  shutdownTimeoutSeconds: number;
  /**
   * Sign-in, registration and password attempts one client IP may make per 15 minutes. Raise it
   * when many members share one address (a school, an office) behind no trusted proxy.
   */
  authAttemptsPerIp: number;
  /**
   * Which proxies' X-Forwarded-For to believe (Fastify's trustProxy): false (the default: the client
   * is the socket's peer, so a forged header changes nothing), a hop count, or proxy addresses/CIDRs.
   */
  trustProxy: false | number | string[];
  tradeTimers: TradeTimers;
  /** How often the periodic sweep (expiries, claim windows) runs; 0 turns it off. */
  sweepIntervalSeconds: number;
  /** REPORT_HIDE_THRESHOLD: members reporting a listing within 24 hours that hide it (0: never). */
  reportHideThreshold: number;
  /** What one member's uploaded photos may take up in the database, both sizes together. */
  uploadQuotaMb: number;
  httpTimeouts: HttpTimeouts;
  ringTimers: RingTimers;
  mail: MailConfig;
  /**
   * The bearer token that GET /metrics asks for (docs/operations.md); without one the endpoint
   * does not exist (404) and no metrics are kept.
   */
  metricsToken?: string | undefined;
  /** Sign-in with an external OpenID Connect provider; undefined when not configured. */
  oidc: OidcConfig | undefined;
  /**
   * What the community's settings start from on first start (COMMUNITY_*); afterwards the stored
   * settings, which admins change, win (docs/decisions/021-community-settings.md).
   */
  communitySeed?: CommunitySeed | undefined;
}

/** docs/configuration.md: COMMUNITY_NAME, COMMUNITY_CURRENCY, COMMUNITY_COUNTRY, COMMUNITY_LANGUAGE, COMMUNITY_CONTACT_EMAIL. */
export interface CommunitySeed {
  name?: string | undefined;
  currency?: string | undefined;
  country?: string | undefined;
  language?: Locale | undefined;
  contactEmail?: string | undefined;
}

/** docs/configuration.md: OIDC_ISSUER, OIDC_CLIENT_ID, OIDC_CLIENT_SECRET, OIDC_PROVIDER_NAME. */
export interface OidcConfig {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** What the sign-in button calls the provider ("Continue with {name}"). */
  providerName: string;
}

/** Outgoing mail (docs/configuration.md: SMTP_URL, MAIL_FROM, APP_URL, REQUIRE_EMAIL_VERIFICATION). */
export interface MailConfig {
  /** The SMTP server mail goes to; without one, mail is kept in the outbox table instead. */
  smtpUrl: string | undefined;
  /** The From header of every email. */
  from: string;
  /** Where links in emails point, without a trailing slash. */
  appUrl: string;
  /** Unverified members may not send trade requests or messages. */
  requireEmailVerification: boolean;
  /**
   * Tests only (TEST_ONLY_MAIL_DELIVERY_DELAY_MS, read only when NODE_ENV=test): how long the
   * delivery that follows a commit waits, so that a test can end the process in between.
   */
  testOnlyDeliveryDelayMs?: number | undefined;
}

function parseTrustProxy(value: string): AppConfig['trustProxy'] {
  if (['off', 'false', 'no', '0'].includes(value)) return false;
  if (/^\d+$/.test(value)) return Number(value);
  return value.split(',').map((entry) => entry.trim());
}

/**
 * Where email links point when APP_URL is unset: the address the server listens on, so that a
 * server bound to one address (HOST=192.168.1.20) sends links that reach it. A wildcard bind
 * (0.0.0.0, ::) names no address anyone can use, so it falls back to localhost. A public
 * deployment sets APP_URL (docs/configuration.md).
 */
function defaultAppUrl(host: string, port: number): string {
  const wildcard = ['0.0.0.0', '::', '[::]', '::0'].includes(host);
  const name = wildcard ? 'localhost' : host.includes(':') && !host.startsWith('[') ? `[${host}]` : host;
  return `http://${name}:${port}`;
}

export function parseEnv(source: NodeJS.ProcessEnv): AppConfig {
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, value]) => value !== ''));
  const result = envSchema.safeParse(cleaned);
  if (!result.success) {
    const lines = result.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const env = result.data;
  if (env.HEADERS_TIMEOUT_SECONDS > env.REQUEST_TIMEOUT_SECONDS) {
    throw new Error(
      'Invalid configuration:\n  HEADERS_TIMEOUT_SECONDS: must not be more than REQUEST_TIMEOUT_SECONDS (the headers are part of the request)',
    );
  }
  if (env.DATABASE_READ_URLS && !env.DATABASE_URL) {
    throw new Error(
      'Invalid configuration:\n  DATABASE_READ_URLS: needs DATABASE_URL (PostgreSQL): the embedded database has no replicas',
    );
  }
  const oidcSettings = [env.OIDC_ISSUER, env.OIDC_CLIENT_ID, env.OIDC_CLIENT_SECRET];
  if (oidcSettings.some(Boolean) && !oidcSettings.every(Boolean)) {
    throw new Error(
      'Invalid configuration:\n  OIDC: set all of OIDC_ISSUER, OIDC_CLIENT_ID and OIDC_CLIENT_SECRET, or none',
    );
  }
  return {
    port: env.PORT,
    host: env.HOST,
    dataDir: env.DATA_DIR,
    databaseUrl: env.DATABASE_URL,
    databaseReadUrls: env.DATABASE_READ_URLS?.split(',').map((url) => url.trim()) ?? [],
    databaseReadMaxLagMs: env.DATABASE_READ_MAX_LAG_SECONDS * 1000,
    demo: env.DEMO ?? !env.DATABASE_URL,
    cookieSecure: env.COOKIE_SECURE,
    logLevel: env.LOG_LEVEL,
    poolSize: env.DATABASE_POOL_SIZE,
    clientDir: env.CLIENT_DIR,
    marketplaceCacheSeconds: env.MARKETPLACE_CACHE_SECONDS,
    marketplaceCacheInvalidation: env.MARKETPLACE_CACHE_INVALIDATION,
    marketplaceCacheStatsFile: env.MARKETPLACE_CACHE_STATS_FILE,
    sessionCacheSeconds: env.SESSION_CACHE_SECONDS,
    shutdownTimeoutSeconds: env.SHUTDOWN_TIMEOUT_SECONDS,
    authAttemptsPerIp: env.AUTH_ATTEMPTS_PER_IP,
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    tradeTimers: {
      pendingExpiryDays: env.PENDING_EXPIRY_DAYS,
      acceptedExpiryDays: env.ACCEPTED_EXPIRY_DAYS,
      claimWindowDays: env.CLAIM_WINDOW_DAYS,
      shipWithinDays: env.SHIP_WITHIN_DAYS,
    },
    sweepIntervalSeconds: env.SWEEP_INTERVAL_SECONDS,
    reportHideThreshold: env.REPORT_HIDE_THRESHOLD,
    uploadQuotaMb: env.UPLOAD_QUOTA_MB,
    httpTimeouts: {
      headersSeconds: env.HEADERS_TIMEOUT_SECONDS,
      requestSeconds: env.REQUEST_TIMEOUT_SECONDS,
      keepAliveSeconds: env.KEEP_ALIVE_TIMEOUT_SECONDS,
      idleSeconds: env.IDLE_TIMEOUT_SECONDS,
    },
    ringTimers: {
      proposalHours: env.RING_PROPOSAL_HOURS,
      repackMinutes: env.RING_REPACK_MINUTES,
      maxLength: env.RING_MAX_LENGTH,
    },
    mail: {
      smtpUrl: env.SMTP_URL,
      from: env.MAIL_FROM,
      appUrl: (env.APP_URL ?? defaultAppUrl(env.HOST, env.PORT)).replace(/\/+$/, ''),
      // A server that cannot send mail cannot ask anyone to read one.
      requireEmailVerification: env.REQUIRE_EMAIL_VERIFICATION ?? Boolean(env.SMTP_URL),
      // Inert outside the test runner (which sets NODE_ENV=test), whatever the environment holds.
      testOnlyDeliveryDelayMs: source.NODE_ENV === 'test' ? env.TEST_ONLY_MAIL_DELIVERY_DELAY_MS : undefined,
    },
    metricsToken: env.METRICS_TOKEN,
    communitySeed: {
      name: env.COMMUNITY_NAME,
      currency: env.COMMUNITY_CURRENCY,
      country: env.COMMUNITY_COUNTRY,
      language: env.COMMUNITY_LANGUAGE,
      contactEmail: env.COMMUNITY_CONTACT_EMAIL?.toLowerCase(),
    },
    oidc:
      env.OIDC_ISSUER && env.OIDC_CLIENT_ID && env.OIDC_CLIENT_SECRET
        ? {
            issuer: env.OIDC_ISSUER,
            clientId: env.OIDC_CLIENT_ID,
            clientSecret: env.OIDC_CLIENT_SECRET,
            providerName: env.OIDC_PROVIDER_NAME ?? 'External Account',
          }
        : undefined,
  };
}

/** Settings that work but must not face the public; main.ts logs each as a warning at start. */
export function configWarnings(config: AppConfig, nodeEnv: string | undefined): string[] {
  if (config.demo && nodeEnv === 'production') {
    return [
      'Demo mode is on with NODE_ENV=production: anyone can sign in as the demo member with Dev Login. A public deployment sets DEMO=off.',
    ];
  }
  return [];
}

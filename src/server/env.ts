import { z } from 'zod';

const flag = z
  .enum(['1', '0', 'true', 'false', 'on', 'off', 'yes', 'no'], {
    message: 'must be one of on, off, true, false, 1, 0, yes, no',
  })
  .transform((value) => ['1', 'true', 'on', 'yes'].includes(value));

/** Configuration (design §4), parsed once at boot; a bad value stops the process with a clear message. */
const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(5000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, { message: 'must be a postgres:// or postgresql:// URL' })
    .optional(),
  DEMO: flag.optional(),
  COOKIE_SECURE: flag.default(false),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
  MODERATOR_EMAILS: z.string().default(''),
  CLIENT_DIR: z.string().min(1).optional(),
  MARKETPLACE_CACHE_SECONDS: z.coerce.number().min(0).max(3600).default(10),
  UPLOAD_QUOTA_MB: z.coerce.number().int().min(1).max(100_000).default(200),
});

export interface AppConfig {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  demo: boolean;
  cookieSecure: boolean;
  logLevel: string;
  poolSize: number;
  /** Lower-cased emails of members who may see the moderation view. */
  moderatorEmails: string[];
  /** The built client to serve; defaults to dist/client. */
  clientDir: string | undefined;
  /**
   * How long the public item list and facets may be served from memory at most; every change to
   * items empties the cache at once, on every instance. 0 turns it off.
   */
  marketplaceCacheSeconds: number;
  /** What one member's uploaded photos may take up in the database, both sizes together. */
  uploadQuotaMb: number;
}

export function parseEnv(source: NodeJS.ProcessEnv): AppConfig {
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, value]) => value !== ''));
  const result = envSchema.safeParse(cleaned);
  if (!result.success) {
    const lines = result.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const env = result.data;
  return {
    port: env.PORT,
    host: env.HOST,
    dataDir: env.DATA_DIR,
    databaseUrl: env.DATABASE_URL,
    demo: env.DEMO ?? !env.DATABASE_URL,
    cookieSecure: env.COOKIE_SECURE,
    logLevel: env.LOG_LEVEL,
    poolSize: env.DATABASE_POOL_SIZE,
    moderatorEmails: env.MODERATOR_EMAILS.split(',')
      .map((email) => email.trim().toLowerCase())
      .filter(Boolean),
    clientDir: env.CLIENT_DIR,
    marketplaceCacheSeconds: env.MARKETPLACE_CACHE_SECONDS,
    uploadQuotaMb: env.UPLOAD_QUOTA_MB,
  };
}

import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeEach } from 'vitest';
import { type AppInstance, buildApp } from '../app';
import type { Db } from '../db/connect';
import type { AppConfig } from '../env';
import { type AuthRateLimits, DEFAULT_MEMBER_RATE_LIMITS, type MemberRateLimits } from '../lib/rate-limit';
import { randomUUID } from 'node:crypto';
import { users } from '../db/schema';
import { hashPassword } from '../lib/password';
import { createSession, SESSION_COOKIE } from '../lib/session';
import { listen } from './listen';
import { openTestDatabase } from './test-database';
import type { RealtimeGatewayOptions } from '../modules/realtime/gateway';

export const testConfig: AppConfig = {
  port: 0,
  host: '127.0.0.1',
  dataDir: '/tmp/threadswap-test',
  databaseUrl: undefined,
  demo: true,
  cookieSecure: false,
  logLevel: 'silent',
  poolSize: 5,
  clientDir: undefined,
  marketplaceCacheSeconds: 10,
  shutdownTimeoutSeconds: 10,
  authAttemptsPerIp: 100,
  trustProxy: false,
  tradeTimers: { pendingExpiryDays: 7, acceptedExpiryDays: 21, claimWindowDays: 3, shipWithinDays: 5 },
  // Tests run the sweep themselves (app.sweep.run), with the clock they need.
  sweepIntervalSeconds: 0,
  reportHideThreshold: 3,
  uploadQuotaMb: 200,
  httpTimeouts: { headersSeconds: 30, requestSeconds: 120, keepAliveSeconds: 72, idleSeconds: 120 },
  // Tests propose rings through the listeners or run the repack themselves.
  ringTimers: { proposalHours: 48, repackMinutes: 0, maxLength: 5 },
  mail: {
    smtpUrl: undefined,
    from: 'Threadswap <no-reply@threadswap.example>',
    appUrl: 'http://localhost:5000',
    requireEmailVerification: false,
  },
  oidc: undefined,
};

const passwordHashes = new Map<string, Promise<string>>();

const generousLimits: AuthRateLimits = {
  perIp: 100_000,
  freeFailuresPerPair: 100_000,
  perAccount: 100_000,
  demoPerIp: 100_000,
  windowSeconds: 60,
};
const generousMemberLimits = Object.fromEntries(
  Object.keys(DEFAULT_MEMBER_RATE_LIMITS).map((action) => [action, { points: 100_000, windowSeconds: 60 }]),
) as MemberRateLimits;

export interface TestAppOptions {
  config?: Partial<AppConfig>;
  authRateLimits?: AuthRateLimits;
  realtime?: RealtimeGatewayOptions;
  /** Per-member abuse limits; by default far beyond what any test sends. */
  memberRateLimits?: Partial<MemberRateLimits>;
  /** Empty every table before each test (the default); off for files that build data once. */
  resetBetweenTests?: boolean;
  /** Images drawn on first request (BuildAppOptions), given the test database. */
  renderMissingImage?: (db: Db) => (id: string) => Promise<boolean>;
  /** A built client to serve (a folder with index.html); none by default. */
  clientDir?: string;
}

/**
 * A built app on a fresh database for one test file; tables are emptied before each test.
 * Requests go through Fastify's inject (the full HTTP pipeline, without a socket).
 */
export function useTestApp(options: TestAppOptions = {}) {
  const state: { app?: AppInstance; database?: Awaited<ReturnType<typeof openTestDatabase>> } = {};
  const ready = (async () => {
    state.database = await openTestDatabase();
    state.app = await buildApp({
      config: { ...testConfig, ...options.config },
      database: state.database,
      logger: process.env.TEST_LOG ? { level: process.env.TEST_LOG } : false,
      clientDir: options.clientDir ?? null,
      authRateLimits: options.authRateLimits ?? generousLimits,
      realtime: options.realtime,
      memberRateLimits: options.memberRateLimits ?? generousMemberLimits,
      renderMissingImage: options.renderMissingImage?.(state.database.db),
    });
    await state.app.ready();
  })();

  // Tables emptied behind the app's back: its cached marketplace answers go with them.
  const reset = async () => {
    await state.database?.truncate();
    state.app?.marketplaceCache.invalidate();
  };

  beforeEach(async () => {
    await ready;
    if (options.resetBetweenTests !== false) await reset();
  });
  afterAll(async () => {
    await ready.catch(() => undefined);
    await state.app?.close();
    await state.database?.close();
  });

  return {
    /** Resolves once the app and database are up (for beforeAll hooks). */
    ready: () => ready,
    /** Empties every table now (tests that build several worlds in one test). */
    reset,
    get app() {
      if (!state.app) throw new Error('test app not ready');
      return state.app;
    },
    get db() {
      if (!state.database) throw new Error('test database not ready');
      return state.database.db;
    },
    /** The database itself (another app on the same database, raw PGlite or pool access). */
    get database() {
      if (!state.database) throw new Error('test database not ready');
      return state.database;
    },
    /** Puts the app on a real socket once (later calls give the same address): see listen.ts. */
    listen() {
      return listen(this.app);
    },
    /** A client with no session. */
    visitor() {
      return new TestClient(() => this.app);
    },
    /**
     * A new member and a client signed in as them. Made directly in the database with a password hash
     * computed once per file (argon2 is slow on purpose); the auth tests cover registering itself.
     */
    async member(
      overrides: {
        firstName?: string;
        email?: string;
        password?: string;
        role?: 'member' | 'moderator' | 'admin';
        /** Whether the member has verified their email (default yes). */
        verified?: boolean;
      } = {},
    ) {
      const client = new TestClient(() => this.app);
      const email = overrides.email ?? `member-${randomUUID()}@example.com`;
      const password = overrides.password ?? 'secret-password';
      passwordHashes.set(password, passwordHashes.get(password) ?? hashPassword(password));
      const [row] = await this.db
        .insert(users)
        .values({
          firstName: overrides.firstName ?? 'Test',
          lastName: 'Member',
          email,
          passwordHash: await passwordHashes.get(password),
          role: overrides.role ?? 'member',
          emailVerifiedAt: overrides.verified === false ? null : new Date(),
        })
        .returning();
      if (!row) throw new Error('member insert returned nothing');
      client.cookie = await createSession(this.db, row.id);
      client.user = { id: row.id, email: row.email, firstName: row.firstName };
      return client;
    },
  };
}

type Body = InjectOptions['payload'];

/** Sends requests to the app and keeps the session cookie between them, like a browser. */
export class TestClient {
  cookie: string | undefined;
  user: { id: string; email: string; firstName: string } | undefined;

  constructor(private readonly getApp: () => AppInstance) {}

  async request(options: InjectOptions): Promise<LightMyRequestResponse> {
    const headers: Record<string, string> = { ...(options.headers as Record<string, string> | undefined) };
    if (this.cookie) headers.cookie = `${SESSION_COOKIE}=${this.cookie}`;
    const response = await this.getApp().inject({ ...options, headers });
    const setCookie = response.cookies.find((c) => c.name === SESSION_COOKIE);
    if (setCookie) this.cookie = setCookie.value || undefined;
    return response;
  }

  get(url: string, headers?: Record<string, string>) {
    return this.request({ method: 'GET', url, headers });
  }
  post(url: string, payload?: Body, headers?: Record<string, string>) {
    return this.request({ method: 'POST', url, payload, headers });
  }
  patch(url: string, payload?: Body, headers?: Record<string, string>) {
    return this.request({ method: 'PATCH', url, payload, headers });
  }
  put(url: string, payload?: Body, headers?: Record<string, string>) {
    return this.request({ method: 'PUT', url, payload, headers });
  }
  delete(url: string, headers?: Record<string, string>) {
    return this.request({ method: 'DELETE', url, headers });
  }
}

import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import cookie from '@fastify/cookie';
import fastifyStatic from '@fastify/static';
import websocket from '@fastify/websocket';
import Fastify, { type FastifyBaseLogger, type FastifyInstance, type RawServerDefault } from 'fastify';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { DestinationStream } from 'pino';
import swagger from '@fastify/swagger';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { MAX_FRAME_BYTES } from '../common/realtime';
import type { Database, Db } from './db/connect';
import type { AppConfig } from './env';
import { installAuthentication } from './lib/authentication';
import { installSessionCache } from './modules/auth/session-cache.listeners';
import { createDomainEvents } from './lib/domain-events';
import { installErrorHandler } from './lib/error-handler';
import { englishMessage } from './lib/error-messages';
import { loggerOptions } from './lib/logging';
import { createMailer } from './lib/mail';
import { createMetrics, type Metrics, UNMATCHED_ROUTE } from './lib/metrics';
import { installOriginGuard } from './lib/origin-guard';
import { waitForRunningHandlers } from './lib/running-handlers';
import { installSecurityHeaders } from './lib/security-headers';
import { loadCatalogues } from './lib/catalogues';
import { sendClientPage } from './lib/client-page';
import { itemPageMeta } from './modules/items/item-page-meta';
import { firstScreen } from './modules/items/first-screen';
import { installTextGuard } from './lib/text-guard';
import { installCachePolicy } from './lib/cache-policy';
import { type FrontHandler, frontedServer } from './lib/front-server';
import {
  type AuthLimiter,
  type AuthRateLimits,
  createAuthLimiter,
  createMemberLimiter,
  DEFAULT_AUTH_RATE_LIMITS,
  DEFAULT_MEMBER_RATE_LIMITS,
  type MemberRateLimits,
} from './lib/rate-limit';
import { installMemberLimits } from './lib/member-limits';
import { installEmailVerification } from './lib/email-verification';
import { createSweep, type Sweep } from './lib/sweep';
import type { ServiceContext } from './lib/service-context';
import type { ServerModule } from './lib/server-module';
import { authModule } from './modules/auth/auth.module';
import { chatModule } from './modules/chat/chat.module';
import { communityModule } from './modules/community/community.module';
import { exchangeModule } from './modules/exchange/exchange.module';
import { favoritesModule } from './modules/favorites/favorites.module';
import { healthModule } from './modules/health/health.module';
import { imagesModule } from './modules/images/images.module';
import { itemsModule } from './modules/items/items.module';
import { installMarketplaceCache } from './modules/items/marketplace-cache';
import { mailModule } from './modules/mail/mail.module';
import { matchingModule } from './modules/matching/matching.module';
import { moderationModule } from './modules/moderation/moderation.module';
import { notificationsModule } from './modules/notifications/notifications.module';
import { createLocalBus, type EventBus } from './modules/realtime/event-bus';
import type { ReadReplicas } from './db/read-replicas';
import { DEFAULT_READ_MAX_LAG_MS, installReadRouting } from './lib/read-routing';
import type { RealtimeGatewayOptions } from './modules/realtime/gateway';
import { realtimeModule } from './modules/realtime/realtime.module';
import { reviewsModule } from './modules/reviews/reviews.module';
import { ringsModule } from './modules/rings/rings.module';
import { safetyModule } from './modules/safety/safety.module';
import { savedSearchesModule } from './modules/saved-searches/saved-searches.module';
import { socialModule } from './modules/social/social.module';
import { statsModule } from './modules/stats/stats.module';
import { townsModule } from './modules/towns/towns.module';
import { tradesModule } from './modules/trades/trades.module';
import { usersModule } from './modules/users/users.module';
import { wishlistModule } from './modules/wishlist/wishlist.module';

declare module 'fastify' {
  interface FastifyInstance {
    config: AppConfig;
    database: Database;
    db: Db;
    authLimiter: AuthLimiter;
    /** Periodic work (trade expiries, claim windows); tests call `sweep.run(now)` themselves. */
    sweep: Sweep;
    /** The periodic global re-pack of swap rings; tests call `ringRepack.run(now)` themselves. */
    ringRepack: Sweep;
    /** Fan-out of socket events to every instance (modules/realtime). */
    bus: EventBus;
    /** The first argument of every service function. */
    services: ServiceContext;
    /** The operator metrics (lib/metrics.ts); undefined unless METRICS_TOKEN is set. */
    metrics: Metrics | undefined;
    /** Every route with its schemas, for the authorization matrix and contract fuzzing tests. */
    routeTable: RouteRecord[];
  }
}

export interface RouteRecord {
  method: string;
  url: string;
  schema?: { params?: unknown; querystring?: unknown; body?: unknown };
}

export type AppInstance = FastifyInstance<
  RawServerDefault,
  IncomingMessage,
  ServerResponse,
  FastifyBaseLogger,
  ZodTypeProvider
>;

export interface BuildAppOptions {
  config: AppConfig;
  database: Database;
  /** The log level (and, for tests, where the lines go), or false for silence. */
  logger?: false | { level: string; stream?: DestinationStream };
  authRateLimits?: AuthRateLimits;
  /** Per-member abuse limits; each action not given keeps its default. */
  memberRateLimits?: Partial<MemberRateLimits>;
  /** Fan-out of socket events; defaults to this process only. */
  bus?: EventBus;
  /** The built client to serve; null serves none (API tests). */
  clientDir?: string | null;
  /** WebSocket gateway settings (tests shorten the heartbeat). */
  realtime?: RealtimeGatewayOptions;
  /** Renders an image that is not stored yet, if it can (the demo photos; ServiceContext). */
  renderMissingImage?: (id: string) => Promise<boolean>;
  /** Streaming replicas for marketplace reads (DATABASE_READ_URLS); the app closes them. */
  readReplicas?: ReadReplicas;
}

/** A hop count becomes the function Fastify's types ask for: trust the nearest `hops` proxies. */
function trustProxyOption(trust: AppConfig['trustProxy']) {
  return typeof trust === 'number' ? (_address: string, hop: number) => hop < trust : trust;
}

/** The advisory lock of the ring re-pack ("ring" in ASCII), apart from the sweep's. */
const RING_REPACK_LOCK_KEY = 0x72696e67;

export const DEFAULT_CLIENT_DIR = fileURLToPath(new URL('../../dist/client', import.meta.url));

export async function buildApp(options: BuildAppOptions): Promise<AppInstance> {
  // The marketplace cache's ready answers, once it is installed (lib/front-server.ts).
  const front: { serve?: FrontHandler } = {};
  const timeouts = options.config.httpTimeouts;
  const app = Fastify({
    serverFactory: frontedServer(() => front.serve, { headersTimeout: timeouts.headersSeconds * 1000 }),
    // A client sending slowly (a body one byte at a time) is cut off (docs/configuration.md).
    requestTimeout: timeouts.requestSeconds * 1000,
    connectionTimeout: timeouts.idleSeconds * 1000,
    keepAliveTimeout: timeouts.keepAliveSeconds * 1000,
    logger:
      options.logger === false
        ? false
        : loggerOptions(options.logger?.level ?? options.config.logLevel, options.logger?.stream),
    trustProxy: trustProxyOption(options.config.trustProxy),
    bodyLimit: 1024 * 1024,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('config', options.config);
  app.decorate('database', options.database);
  app.decorate('db', options.database.db);
  app.decorate('bus', options.bus ?? createLocalBus());
  app.decorate(
    'authLimiter',
    createAuthLimiter(options.authRateLimits ?? DEFAULT_AUTH_RATE_LIMITS, options.database.pool),
  );

  const routeTable: RouteRecord[] = [];
  app.decorate('routeTable', routeTable);
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) {
      if (method !== 'HEAD')
        routeTable.push({ method, url: route.url, schema: route.schema as RouteRecord['schema'] });
    }
  });

  // Handlers whose client went away still finish before the database closes (running-handlers.ts).
  waitForRunningHandlers(app, Math.min(5000, (options.config.shutdownTimeoutSeconds * 1000) / 2));

  installErrorHandler(app);
  installTextGuard(app);
  installCachePolicy(app);
  await installMarketplaceCache(app);
  front.serve = app.marketplaceFront.serve;
  // Operator metrics, only when METRICS_TOKEN is set: otherwise no request pays for them.
  const metrics = options.config.metricsToken ? createMetrics(app) : undefined;
  app.decorate('metrics', metrics);
  if (metrics) {
    app.addHook('onResponse', async (request, reply) => {
      metrics.observeRequest(
        request.method,
        request.routeOptions.url ?? UNMATCHED_ROUTE,
        reply.statusCode,
        reply.elapsedTime / 1000,
      );
    });
    // The marketplace's ready answers never reach Fastify's hooks (marketplace-cache.ts).
    app.marketplaceFront.observe((route, seconds) => metrics.observeRequest('GET', route, 200, seconds));
  }
  const services: ServiceContext = {
    db: options.database.db,
    events: createDomainEvents(app.log),
    marketplaceCache: app.marketplaceCache,
    renderMissingImage: options.renderMissingImage,
    mailer: createMailer({
      config: options.config.mail,
      db: options.database.db,
      log: app.log,
      observer: metrics?.mailObserver,
    }),
    appUrl: options.config.mail.appUrl,
    reportHideThreshold: options.config.reportHideThreshold,
    communitySeed: options.config.communitySeed,
  };
  app.decorate('services', services);
  // The modules, in the order each part of them starts (lib/server-module.ts): listeners run in the
  // order they subscribe (wishlist alerts go out before match alerts), and a sweep runs its tasks in
  // the order they were registered (drafts before images: the photos of the drafts that expire are
  // then swept with the other unused photos; mail last: what the tasks before it queued goes out in
  // the same run).
  const modules: ServerModule[] = [
    tradesModule,
    itemsModule,
    imagesModule,
    socialModule,
    moderationModule,
    communityModule,
    chatModule,
    wishlistModule,
    savedSearchesModule,
    favoritesModule,
    matchingModule,
    ringsModule,
    realtimeModule(options.realtime ?? {}),
    notificationsModule,
    healthModule,
    authModule,
    usersModule,
    townsModule,
    statsModule,
    reviewsModule,
    exchangeModule,
    safetyModule,
    mailModule,
  ];
  for (const module of modules) module.listeners?.(app);

  const sweep = createSweep({
    pool: options.database.pool,
    log: app.log,
    observer: metrics?.sweepObserver('sweep'),
  });
  app.decorate('sweep', sweep);
  // The global ring re-pack: its own interval and advisory lock, so one instance packs at a time.
  const ringRepack = createSweep({
    pool: options.database.pool,
    log: app.log,
    lockKey: RING_REPACK_LOCK_KEY,
    observer: metrics?.sweepObserver('ring-repack'),
  });
  app.decorate('ringRepack', ringRepack);
  for (const module of modules) module.sweeps?.(app);
  app.addHook('onReady', async () => {
    services.mailer.start();
    sweep.start(options.config.sweepIntervalSeconds * 1000);
    ringRepack.start(options.config.ringTimers.repackMinutes * 60_000);
  });
  // Before the database closes: a run in progress finishes its current task first.
  app.addHook('onClose', async () => {
    await sweep.stop();
    await ringRepack.stop();
    await services.mailer.close();
  });

  await app.register(cookie);
  // After the cookie plugin: the routing reads and sets a cookie (lib/read-routing.ts).
  if (options.readReplicas)
    services.reads = installReadRouting(app, options.readReplicas, {
      primary: options.database.db,
      maxLagMs: options.config.databaseReadMaxLagMs ?? DEFAULT_READ_MAX_LAG_MS,
    });
  installSecurityHeaders(app, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        connectSrc: ["'self'"],
        fontSrc: ["'self'", 'data:'],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        upgradeInsecureRequests: options.config.cookieSecure ? [] : null,
      },
    },
    hsts: options.config.cookieSecure,
    crossOriginEmbedderPolicy: false,
  });
  installOriginGuard(app);
  // Before authentication: its onRequest hook marks upgrade requests, so that a refused upgrade's
  // socket is closed with its response.
  await app.register(websocket, { options: { maxPayload: MAX_FRAME_BYTES } });
  installAuthentication(app);
  await installSessionCache(app);
  installMemberLimits(
    app,
    createMemberLimiter(
      { ...DEFAULT_MEMBER_RATE_LIMITS, ...options.memberRateLimits },
      options.database.pool,
    ),
  );
  installEmailVerification(app);
  // The OpenAPI document, generated from the same zod contract the routes validate with.
  await app.register(swagger, {
    openapi: { info: { title: 'Threadswap API', version: '1.0.0' } },
    transform: jsonSchemaTransform,
  });
  app.get('/api/openapi.json', { config: { auth: 'public' }, schema: { hide: true } }, () => app.swagger());

  for (const module of modules) await module.routes?.(app);

  const clientDir = options.clientDir === undefined ? DEFAULT_CLIENT_DIR : options.clientDir;
  const serveClient = clientDir !== null && existsSync(`${clientDir}/index.html`);
  if (serveClient) {
    // A broken text file stops the server now, not on the first page served.
    loadCatalogues();
    // Every API route is in by now; what is registered from here on is the built client's files.
    app.addHook('onRoute', (route) => {
      route.config = { auth: 'public', ...route.config };
    });
    await app.register(fastifyStatic, {
      root: clientDir,
      index: false,
      wildcard: false,
      // The build writes .br and .gz copies (vite.config.ts); they go to clients that accept them.
      preCompressed: true,
      setHeaders(reply, path) {
        reply.header(
          'cache-control',
          path.includes('/assets/')
            ? 'public, max-age=31536000, immutable'
            : 'public, max-age=0, must-revalidate',
        );
      },
    });
  }

  app.setNotFoundHandler(async (request, reply) => {
    // API paths and missing files (a stale /assets/x.js) answer 404; any other page path is the app.
    const notAPage = /^\/(api|images|ws|assets|dev)(\/|$)|^\/(healthz|readyz)$|\.[a-z0-9]+$/i.test(
      request.url.split('?')[0] ?? '',
    );
    if (serveClient && !notAPage && (request.method === 'GET' || request.method === 'HEAD')) {
      const url = new URL(request.url, 'http://localhost');
      const highlight = url.pathname === '/browse' ? url.searchParams.get('highlight') : null;
      const meta = highlight ? await itemPageMeta(services, highlight) : undefined;
      const data = request.method === 'GET' ? await firstScreen(app, request, url) : undefined;
      return sendClientPage(request, reply, clientDir, meta, data);
    }
    return reply.status(404).send({ code: 'http.not_found', message: englishMessage('http.not_found') });
  });

  return app;
}

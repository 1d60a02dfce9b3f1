import { buildApp } from './app';
import { seedCommunity } from './lib/community-settings';
import { DEFAULT_AUTH_RATE_LIMITS } from './lib/rate-limit';
import { openDatabase } from './db/connect';
import { createReadReplicas } from './db/read-replicas';
import { DEFAULT_READ_MAX_LAG_MS } from './lib/read-routing';
import { DataDirInUseError } from './db/data-dir-lock';
import { onDemandArtPool, seedDemo } from './db/seed';
import { type AppConfig, configWarnings, parseEnv } from './env';
import { ignoreOutputErrors, logOutput } from './lib/log-output';
import { loggerOptions } from './lib/logging';
import { createLocalBus } from './modules/realtime/event-bus';
import { createPostgresBus } from './modules/realtime/postgres-bus';
import pino from 'pino';

ignoreOutputErrors();
function loadConfig(): AppConfig {
  try {
    return parseEnv(process.env);
  } catch (error) {
    console.error((error as Error).message);
    process.exit(1);
  }
}
const config = loadConfig();

/** What a signal has to close, filled in as the server starts. */
const running: { close: Array<() => Promise<unknown>>; log?: pino.Logger } = { close: [] };
let closing = false;

/**
 * SIGTERM and SIGINT end the process within SHUTDOWN_TIMEOUT_SECONDS whatever happens: the deadline
 * is armed before anything else, each step's failure is ignored, and a second signal exits at once.
 */
function shutdown(signal: NodeJS.Signals) {
  if (closing) process.exit(1);
  closing = true;
  setTimeout(() => process.exit(1), config.shutdownTimeoutSeconds * 1000);
  running.log?.info({ signal }, 'shutting down');
  void (async () => {
    for (const close of running.close) await close().catch(() => undefined);
    process.exit(0);
  })();
}
process.on('SIGTERM', shutdown);
process.on('SIGINT', shutdown);

const output = logOutput();
const logger = pino(loggerOptions(config.logLevel), output);
running.log = logger;
for (const warning of configWarnings(config, process.env.NODE_ENV)) logger.warn(warning);
const database = await openDatabase(config).catch((error: unknown) => {
  // Another process has the embedded database open: say so, without a stack trace.
  if (error instanceof DataDirInUseError) {
    logger.fatal(error.message);
    process.exit(1);
  }
  throw error;
});
running.close.unshift(() => database.close());
// Several instances on one PostgreSQL share live events through LISTEN/NOTIFY (docs/operations.md).
const events =
  database.pool && config.databaseUrl
    ? await createPostgresBus(database.pool, config.databaseUrl, logger)
    : createLocalBus();
running.close.unshift(() => events.close());
// The demo photos are drawn when first requested, and in the background once the server listens:
// rendering all 72 before listening made a first start take about 20 s.
const demoArt = onDemandArtPool(database.db);
// Read-only marketplace queries may go to streaming replicas (DATABASE_READ_URLS; the app closes them).
const readReplicas =
  database.pool && config.databaseReadUrls?.length
    ? createReadReplicas({
        primary: database.pool,
        urls: config.databaseReadUrls,
        poolSize: config.poolSize,
        maxLagMs: config.databaseReadMaxLagMs ?? DEFAULT_READ_MAX_LAG_MS,
        log: (level, message, fields) => logger[level](fields, message),
      })
    : undefined;
if (readReplicas) {
  await readReplicas.check();
  logger.info({ replicas: readReplicas.status() }, 'read replicas for marketplace reads');
}
const app = await buildApp({
  config,
  database,
  bus: events,
  logger: { level: config.logLevel, stream: output },
  clientDir: config.clientDir,
  renderMissingImage: demoArt.ensure,
  authRateLimits: { ...DEFAULT_AUTH_RATE_LIMITS, perIp: config.authAttemptsPerIp },
  readReplicas,
});
running.close.unshift(() => app.close());
// The community's settings are made on first start, from COMMUNITY_* where set (decision 021).
await seedCommunity(database.db, config.communitySeed);
if (config.demo) {
  await seedDemo(database.db, (message) => app.log.info(message), { photos: 'on-demand' });
}

if (!closing) {
  await app.listen({ port: config.port, host: config.host });
  app.log.info(
    { database: database.kind, demo: config.demo },
    `Threadswap is running at http://localhost:${config.port}`,
  );
  if (config.demo) {
    const started = Date.now();
    void demoArt.fillAll().then(
      (rendered) => {
        if (rendered > 0) app.log.info(`Rendered ${rendered} demo photos in ${Date.now() - started} ms`);
      },
      (error: unknown) => {
        if (!closing)
          app.log.warn({ err: error }, 'rendering the demo photos failed; they render when requested');
      },
    );
  }
}

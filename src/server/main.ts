import { buildApp } from './app';
import { openDatabase } from './db/connect';
import { seedDemo } from './db/seed';
import { parseEnv } from './env';
import { createLocalBus } from './realtime/event-bus';
import { createPostgresBus } from './realtime/postgres-bus';
import pino from 'pino';
import { loggerOptions } from './lib/logging';

let config;
try {
  config = parseEnv(process.env);
} catch (error) {
  console.error((error as Error).message);
  process.exit(1);
}

const database = await openDatabase(config);
const logger = pino(loggerOptions(config.logLevel));
// Several instances on one PostgreSQL share live events through LISTEN/NOTIFY (design §8).
const events =
  database.pool && config.databaseUrl
    ? await createPostgresBus(database.pool, config.databaseUrl, logger)
    : createLocalBus();
const app = await buildApp({
  config,
  database,
  events,
  logger: { level: config.logLevel },
  clientDir: config.clientDir,
});
if (config.demo) await seedDemo(database.db, (message) => app.log.info(message));

let closing = false;
async function shutdown(signal: string) {
  if (closing) return;
  closing = true;
  app.log.info({ signal }, 'shutting down');
  const force = setTimeout(() => process.exit(1), 10_000).unref();
  try {
    await app.close();
    await events.close();
    await database.close();
  } finally {
    clearTimeout(force);
    process.exit(0);
  }
}
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));

await app.listen({ port: config.port, host: config.host });
app.log.info(
  { database: database.kind, demo: config.demo },
  `Threadswap is running at http://localhost:${config.port}`,
);

import { parseArgs } from 'node:util';
import { openDatabase } from '../connect';
import { parseEnv } from '../../env';
import { seedDemo } from './index';
import { seedScale } from './scale';

const USAGE = `Usage: npm run seed -- --users N --items M [--trades T] [--seed S] [--batch B]

Adds N members, M items (with favourites for about M/5) and T barters among the new items
(default M/2: mostly completed, declined or cancelled, a few pending or accepted, with reviews of
the completed ones) to the database the app uses: DATABASE_URL when set, otherwise the embedded
database in DATA_DIR/pglite (stop the app first: the embedded database takes one process at a
time). When DEMO is on (the default for the embedded database) and the database is empty, the demo
community is seeded first, so Dev Login keeps working.
Scale members get the demo password; their emails are numbered, so repeated runs only add.`;

/** A mistake in the command line: answered with the usage text. */
class UsageError extends Error {}

function count(value: string | undefined, name: string) {
  if (value === undefined) return 0;
  const parsed = Number(value);
  if (!Number.isInteger(parsed) || parsed < 0)
    throw new UsageError(`--${name} must be a whole number, 0 or more`);
  return parsed;
}

function readArguments() {
  try {
    return parseArgs({
      options: {
        users: { type: 'string' },
        items: { type: 'string' },
        trades: { type: 'string' },
        seed: { type: 'string' },
        batch: { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
      strict: true,
    }).values;
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
}

async function main() {
  const values = readArguments();
  if (values.help) {
    console.log(USAGE);
    return;
  }
  const users = count(values.users, 'users');
  const items = count(values.items, 'items');
  const trades = values.trades === undefined ? Math.floor(items / 2) : count(values.trades, 'trades');
  if (trades > 0 && items === 0)
    throw new UsageError('--trades needs --items: trades are made between the new items');
  const batch = values.batch === undefined ? 2000 : count(values.batch, 'batch');
  if (batch < 1 || batch > 3000) throw new UsageError('--batch must be between 1 and 3000');
  const seed = values.seed === undefined ? Date.now() % 2 ** 31 : count(values.seed, 'seed');

  const config = parseEnv(process.env);
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    poolSize: Math.max(config.poolSize, 5),
  });
  const log = (message: string) => console.log(message);
  try {
    log(
      `Seeding ${database.kind === 'postgres' ? 'PostgreSQL' : `PGlite at ${config.dataDir}/pglite`} (seed ${seed})`,
    );
    if (config.demo) await seedDemo(database.db, log);
    const result = await seedScale(database, { users, items, trades, seed, batchSize: batch, log });
    log(
      `Done: ${result.members} members, ${result.items} items, ${result.favorites} favourites, ${result.trades} trades and ${result.reviews} reviews in ${(result.ms / 1000).toFixed(1)} s`,
    );
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  if (error instanceof UsageError) console.error(`${error.message}\n\n${USAGE}`);
  else console.error(error);
  process.exitCode = 1;
});

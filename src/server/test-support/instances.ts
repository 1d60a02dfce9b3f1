import { afterAll, beforeAll } from 'vitest';
import pino from 'pino';
import { type AppInstance, type BuildAppOptions, buildApp } from '../app';
import { type Database, openPostgres } from '../db/connect';
import type { AppConfig } from '../env';
import type { EventBus } from '../modules/realtime/event-bus';
import { createPostgresBus } from '../modules/realtime/postgres-bus';
import { listen } from './listen';
import { testConfig } from './test-app';
import { createScratchPostgres } from './test-database';

/** One app instance of several on one PostgreSQL, listening on a free port. */
export interface Instance {
  app: AppInstance;
  database: Database;
  events: EventBus;
  url: string;
}

/**
 * `count` app instances on one new scratch PostgreSQL database, each with its own pool and
 * LISTEN/NOTIFY bus, as in production behind a load balancer. `close()` stops them and
 * drops the database.
 */
/** What the instances' apps may be built with besides their database and bus. */
export type InstanceOptions = Pick<BuildAppOptions, 'memberRateLimits' | 'realtime'> & {
  /** Settings over the test configuration (every instance gets the same). */
  config?: Partial<AppConfig>;
};

export async function startInstances(count: number, options: InstanceOptions = {}) {
  const scratch = await createScratchPostgres();
  const instances: Instance[] = [];
  const close = async () => {
    for (const instance of instances.splice(0)) {
      await instance.app.close();
      await instance.events.close();
      await instance.database.close();
    }
    await scratch.drop();
  };
  try {
    for (let i = 0; i < count; i++) {
      const database = await openPostgres(scratch.url, 5);
      const events = await createPostgresBus(
        database.pool as NonNullable<Database['pool']>,
        scratch.url,
        pino({ level: 'silent' }),
      );
      const { config, ...rest } = options;
      const app = await buildApp({
        config: { ...testConfig, ...config },
        database,
        bus: events,
        logger: false,
        clientDir: null,
        ...rest,
      });
      instances.push({ app, database, events, url: (await listen(app)).baseUrl });
    }
  } catch (error) {
    await close();
    throw error;
  }
  return { instances, close };
}

/** `count` instances for the tests of a describe block: started before them, stopped after. */
export function useInstances(count: number, options: InstanceOptions = {}): Instance[] {
  const instances: Instance[] = [];
  let close: () => Promise<void> = async () => undefined;
  beforeAll(async () => {
    const started = await startInstances(count, options);
    instances.push(...started.instances);
    close = started.close;
  });
  afterAll(async () => {
    await close();
  });
  return instances;
}

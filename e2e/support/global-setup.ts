import type { TestProject } from 'vitest/node';
import { ensureServerBundle } from '../../scripts/server-bundle';
import { startServer } from './server';
import { E2E_WORKERS } from './workers';

declare module 'vitest' {
  export interface ProvidedContext {
    /** One app per worker (browser.ts, baseURL, picks the worker's own). */
    baseURLs: string[];
  }
}

/**
 * One app with the demo data per worker; each journey makes its own members. Every journey
 * signs up and in from 127.0.0.1, several hundred attempts within the 15-minute window, so the
 * per-IP budget is raised (the limits themselves are tested by the API tests). The apps run from
 * the server bundle `npm start` runs (scripts/server-bundle.ts, built here when stale).
 */
export default async function setup(project: TestProject) {
  const entry = await ensureServerBundle();
  const servers = await Promise.all(
    Array.from({ length: E2E_WORKERS }, () =>
      startServer({ DEMO: 'on', AUTH_ATTEMPTS_PER_IP: '5000' }, { entry }),
    ),
  );
  project.provide(
    'baseURLs',
    servers.map((server) => server.url),
  );
  return async () => {
    await Promise.all(servers.map((server) => server.stop()));
  };
}

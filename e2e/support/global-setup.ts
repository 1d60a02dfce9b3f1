import type { TestProject } from 'vitest/node';
import { startServer } from './server';

declare module 'vitest' {
  export interface ProvidedContext {
    baseURL: string;
  }
}

/**
 * One app with the demo data for every journey; each journey makes its own members. Every journey
 * signs up and in from 127.0.0.1, several hundred attempts within the 15-minute window, so the
 * per-IP budget is raised (the limits themselves are tested by the API tests).
 */
export default async function setup(project: TestProject) {
  const server = await startServer({ DEMO: 'on', AUTH_ATTEMPTS_PER_IP: '5000' });
  project.provide('baseURL', server.url);
  return () => server.stop();
}

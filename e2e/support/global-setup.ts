import type { TestProject } from 'vitest/node';
import { startServer } from './server';

declare module 'vitest' {
  export interface ProvidedContext {
    baseURL: string;
  }
}

/** One app with the demo data for every journey; each journey makes its own members. */
export default async function setup(project: TestProject) {
  const server = await startServer({ DEMO: 'on' });
  project.provide('baseURL', server.url);
  return () => server.stop();
}

// Vitest global setup for integration tests: one real PostgreSQL server per run, removed afterwards.
import type { TestProject } from 'vitest/node';
import { startPostgres } from './postgres-server';

declare module 'vitest' {
  export interface ProvidedContext {
    postgresUrl: string;
  }
}

export default async function setup(project: TestProject) {
  const server = await startPostgres();
  project.provide('postgresUrl', server.url);
  return () => server.stop();
}

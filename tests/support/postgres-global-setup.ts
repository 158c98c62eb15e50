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
  let isStopped = false;
  const stop = () => {
    if (isStopped) return;
    isStopped = true;
    server.stop();
  };
  // An interrupted run (Ctrl+C) skips the teardown: stop the server on exit too, before its folder is removed.
  process.prependOnceListener('exit', stop);
  return stop;
}

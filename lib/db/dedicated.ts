// A PostgreSQL connection of its own, outside the pool, for what lives as long as the process: leadership locks and LISTEN.
import type { Client } from 'pg';

/**
 * Opens and connects one client with TCP keepalives on both ends, so PostgreSQL notices a peer that vanished (a crashed
 * machine, a cut network) within about ten seconds and releases what its session held, such as an advisory lock.
 */
export async function openDedicatedClient(databaseUrl: string): Promise<Client> {
  const { Client: PgClient } = await import('pg');
  const client = new PgClient({ connectionString: databaseUrl, keepAlive: true, keepAliveInitialDelayMillis: 2_000, connectionTimeoutMillis: 5_000 });
  await client.connect();
  await client.query('SET tcp_keepalives_idle = 3; SET tcp_keepalives_interval = 2; SET tcp_keepalives_count = 3');
  return client;
}

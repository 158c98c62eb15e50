// Health report: the app's own (version, database) apart from the gateway's (reachable, latency, key accepted).
import 'server-only';
import { checkDatabase } from '@/lib/db';
import { getEnv } from '@/lib/env';
import { describeGateway } from '@/lib/env-schema';
import { probeGateway } from '@/lib/gateway/probe';
import { describeInstance } from '@/lib/instances/instance';
import packageJson from '@/package.json';

/** `status` is the app's health (its database); the gateway's is `gateway.probe`, so a down gateway never reads as a broken app or the other way round. */
export async function getHealth() {
  const env = getEnv();
  const [database, probe] = await Promise.all([checkDatabase(), probeGateway()]);
  return {
    status: database.ok ? ('ok' as const) : ('degraded' as const),
    version: packageJson.version,
    gateway: { mode: env.GATEWAY_BASE_URL ? ('remote' as const) : ('local' as const), description: describeGateway(env), probe },
    database,
    /** Which instance answered and whether it runs the job refresher (the leader; with PGlite the one process). */
    instance: describeInstance(),
  };
}

/** GET /api/health's body, as the settings page reads it. */
export type HealthReport = Awaited<ReturnType<typeof getHealth>>;

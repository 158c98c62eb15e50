// Health report: version, gateway mode and database status.
import 'server-only';
import { checkDatabase } from '@/lib/db';
import { getEnv } from '@/lib/env';
import { describeGateway } from '@/lib/env-schema';
import packageJson from '@/package.json';

export async function getHealth() {
  const env = getEnv();
  const database = await checkDatabase();
  return {
    status: database.ok ? ('ok' as const) : ('degraded' as const),
    version: packageJson.version,
    gateway: { mode: env.GATEWAY_BASE_URL ? ('remote' as const) : ('local' as const), description: describeGateway(env) },
    database,
  };
}

// The one place that reads process.env on the server: validated settings, parsed once.
import 'server-only';
import { parseEnv, type Env } from './env-schema';

let cached: Env | undefined;

export function getEnv(): Env {
  cached ??= parseEnv(process.env);
  return cached;
}

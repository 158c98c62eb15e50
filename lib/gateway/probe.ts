// The gateway's own health, apart from the app's: reachable or not, how fast, and whether it accepts the server key (GET /models, cached briefly).
import 'server-only';
import { systemActor } from '@/lib/auth/identity';
import { getEnv } from '@/lib/env';
import { describeGateway } from '@/lib/env-schema';
import { ApiError } from '@/lib/schema';
import { callGateway } from './upstream';

/** `accepted`: a 2xx; `refused`: 401/403 or an error about the key; `not_checked`: the reply says nothing either way (404, 5xx, unreachable). */
export type GatewayKeyState = 'accepted' | 'refused' | 'not_checked';

export interface GatewayProbe {
  reachable: boolean;
  /** Time to the reply's headers, or null when nothing answered. */
  latency_ms: number | null;
  /** The status GET /models answered with, or null when nothing answered. */
  http_status: number | null;
  key: GatewayKeyState;
  /** One sentence for the settings page. */
  message: string;
  /** When this probe ran (ISO 8601); replies are cached for PROBE_CACHE_MS, so this is how old the figures are. */
  checked_at: string;
}

export const PROBE_TIMEOUT_MS = 3_000;
export const PROBE_CACHE_MS = 5_000;
const KEY_WORDS = /\b(api[ _-]?key|unauthori[sz]ed|authenticat|forbidden|invalid[ _-]?(key|token)|bearer)\b/i;

interface ProbeCache {
  gateway: string;
  at: number;
  pending: Promise<GatewayProbe>;
}

const holder = globalThis as typeof globalThis & { __playgroundGatewayProbe?: ProbeCache };

async function readSnippet(response: Response): Promise<string> {
  const text = await response.text().catch(() => '');
  return text.slice(0, 4096);
}

function keyName(): string {
  return getEnv().GATEWAY_BASE_URL ? 'GATEWAY_API_KEY' : 'the built-in gateway key';
}

/** Reads one reply of GET /models into the probe's verdict. */
export function judgeReply(status: number, body: string, latencyMs: number, hasKey: boolean): Omit<GatewayProbe, 'checked_at'> {
  const base = { reachable: true, latency_ms: latencyMs, http_status: status };
  if (status >= 200 && status < 300) return { ...base, key: 'accepted', message: `Reachable; GET /models answered ${status} in ${latencyMs} ms.` };
  if (status === 401 || status === 403 || (status >= 400 && status < 500 && KEY_WORDS.test(body))) {
    const message = hasKey ? `The gateway refused ${keyName()} (HTTP ${status}).` : `The gateway wants a key (HTTP ${status}) and GATEWAY_API_KEY is not set.`;
    return { ...base, key: 'refused', message };
  }
  if (status === 404) return { ...base, key: 'not_checked', message: `Reachable in ${latencyMs} ms; it has no GET /models (404), so the key was not checked.` };
  return { ...base, key: 'not_checked', message: `Reachable, but GET /models answered HTTP ${status} in ${latencyMs} ms.` };
}

async function runProbe(): Promise<GatewayProbe> {
  const env = getEnv();
  const started = performance.now();
  const checkedAt = new Date().toISOString();
  const signal = AbortSignal.timeout(PROBE_TIMEOUT_MS);
  try {
    const response = await callGateway('/models', { signal, actor: systemActor('health-probe'), audit: false });
    const latency = Math.round(performance.now() - started);
    const body = response.ok ? (await response.body?.cancel().catch(() => undefined), '') : await readSnippet(response);
    const hasKey = env.GATEWAY_BASE_URL ? !!env.GATEWAY_API_KEY : true;
    return { ...judgeReply(response.status, body, latency, hasKey), checked_at: checkedAt };
  } catch (error) {
    const message = signal.aborted
      ? `No answer within ${PROBE_TIMEOUT_MS} ms.`
      : error instanceof ApiError
        ? error.message
        : 'The gateway could not be reached.';
    return { reachable: false, latency_ms: null, http_status: null, key: 'not_checked', message, checked_at: checkedAt };
  }
}

/** The gateway's health; at most one probe per PROBE_CACHE_MS per gateway, concurrent callers share it. */
export function probeGateway(now: number = Date.now()): Promise<GatewayProbe> {
  const gateway = describeGateway(getEnv());
  const cached = holder.__playgroundGatewayProbe;
  if (cached && cached.gateway === gateway && now - cached.at < PROBE_CACHE_MS) return cached.pending;
  const pending = runProbe();
  holder.__playgroundGatewayProbe = { gateway, at: now, pending };
  return pending;
}

/** Forgets the cached probe (tests, and a settings change). */
export function resetGatewayProbe(): void {
  delete holder.__playgroundGatewayProbe;
}

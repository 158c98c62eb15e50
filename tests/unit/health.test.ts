import { afterEach, describe, expect, it, vi } from 'vitest';

const checkDatabase = vi.fn();
vi.mock('@/lib/db', () => ({ checkDatabase: () => checkDatabase() }));
const probeGateway = vi.fn();
vi.mock('@/lib/gateway/probe', () => ({ probeGateway: () => probeGateway() }));
const REACHABLE = { reachable: true, latency_ms: 12, http_status: 200, key: 'accepted', message: 'Reachable; GET /models answered 200 in 12 ms.', checked_at: '2026-11-24T10:00:00.000Z' };
const DOWN = { reachable: false, latency_ms: null, http_status: null, key: 'not_checked', message: 'The gateway at gw:1 is unreachable (ECONNREFUSED).', checked_at: '2026-11-24T10:00:00.000Z' };

afterEach(() => {
  checkDatabase.mockReset();
  probeGateway.mockReset();
  vi.resetModules();
});

async function getHealthResponse() {
  const { GET } = await import('@/app/api/health/route');
  return GET();
}

describe('GET /api/health', () => {
  it('is 200 with the version, the gateway mode and the database kind when the database answers', async () => {
    checkDatabase.mockResolvedValue({ ok: true, kind: 'pglite' });
    probeGateway.mockResolvedValue(REACHABLE);
    const response = await getHealthResponse();
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({
      status: 'ok',
      version: expect.stringMatching(/^\d+\.\d+\.\d+/),
      gateway: { mode: 'local', probe: REACHABLE },
      database: { ok: true, kind: 'pglite' },
    });
  });

  it('keeps the app ok (200) when only the gateway is down, and says so under gateway.probe', async () => {
    checkDatabase.mockResolvedValue({ ok: true, kind: 'pglite' });
    probeGateway.mockResolvedValue(DOWN);
    const response = await getHealthResponse();
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ status: 'ok', gateway: { probe: { reachable: false, message: DOWN.message } } });
  });

  it('is 503 and says why when the database is down', async () => {
    checkDatabase.mockResolvedValue({ ok: false, error: 'connect ECONNREFUSED 127.0.0.1:5432' });
    probeGateway.mockResolvedValue(REACHABLE);
    const response = await getHealthResponse();
    expect(response.status).toBe(503);
    expect(await response.json()).toMatchObject({ status: 'degraded', database: { ok: false, error: 'connect ECONNREFUSED 127.0.0.1:5432' } });
  });
});

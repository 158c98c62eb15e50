import { afterEach, describe, expect, it, vi } from 'vitest';

const checkDatabase = vi.fn();
vi.mock('@/lib/db', () => ({ checkDatabase: () => checkDatabase() }));

afterEach(() => {
  checkDatabase.mockReset();
  vi.resetModules();
});

async function getHealthResponse() {
  const { GET } = await import('@/app/api/health/route');
  return GET();
}

describe('GET /api/health', () => {
  it('is 200 with the version, the gateway mode and the database kind when the database answers', async () => {
    checkDatabase.mockResolvedValue({ ok: true, kind: 'pglite' });
    const response = await getHealthResponse();
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ status: 'ok', version: expect.stringMatching(/^\d+\.\d+\.\d+/), gateway: { mode: 'local' }, database: { ok: true, kind: 'pglite' } });
  });

  it('is 503 and says why when the database is down', async () => {
    checkDatabase.mockResolvedValue({ ok: false, error: 'connect ECONNREFUSED 127.0.0.1:5432' });
    const response = await getHealthResponse();
    expect(response.status).toBe(503);
    expect(await response.json()).toMatchObject({ status: 'degraded', database: { ok: false, error: 'connect ECONNREFUSED 127.0.0.1:5432' } });
  });
});

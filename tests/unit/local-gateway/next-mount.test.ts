import { describe, expect, it } from 'vitest';
import { handleLocalGatewayRequest } from '@/lib/local-gateway/next-mount';

describe('Next mount of the local gateway', () => {
  it('answers a 404 envelope when a remote gateway is configured', async () => {
    // Settings are read on the first call (not at import), so setting the variable here is enough.
    process.env.GATEWAY_BASE_URL = 'https://gateway.example.com';
    const response = await handleLocalGatewayRequest(new Request('http://127.0.0.1:3000/api/v1/llm/models'));
    expect(response.status).toBe(404);
    expect(response.headers.get('x-request-id')).toMatch(/^req_[0-9a-f]{32}$/);
    const body = (await response.json()) as { error: { code: string; message: string; type: string; param: null } };
    expect(body.error).toMatchObject({ code: 'local_gateway_disabled', type: 'invalid_request_error', param: null });
    expect(body.error.message).toContain('GATEWAY_BASE_URL');
  });
});

// The "request headers" panel names where the proxy sends a create: the remote gateway's API base when one is set, else the built-in gateway's path.
import { describe, expect, it } from 'vitest';
import { describeCreateRoute, maskSecret } from '@/components/request/request-headers';

describe('describeCreateRoute', () => {
  it("names the built-in gateway's path when /api/session reports no remote gateway (or has not answered yet)", () => {
    expect(describeCreateRoute(null)).toBe('/api/responses → gateway /api/v1/llm/responses');
    expect(describeCreateRoute(undefined)).toBe('/api/responses → gateway /api/v1/llm/responses');
  });

  it('names a remote gateway by its API base (GATEWAY_API_PATH included, the root as no path)', () => {
    expect(describeCreateRoute('https://litellm.example/v1')).toBe('/api/responses → gateway https://litellm.example/v1/responses');
    expect(describeCreateRoute('http://10.0.0.5:4000')).toBe('/api/responses → gateway http://10.0.0.5:4000/responses');
  });
});

describe('maskSecret', () => {
  it('keeps three leading and two trailing characters of a long secret, and nothing of a short one', () => {
    expect(maskSecret('sk-abcdefghij')).toBe('sk-••••ij');
    expect(maskSecret('short')).toBe('••••');
  });
});

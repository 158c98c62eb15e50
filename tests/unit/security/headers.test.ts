import { describe, expect, it } from 'vitest';
import { STATIC_SECURITY_HEADERS, buildContentSecurityPolicy, createNonce } from '@/lib/security/headers';

function directives(policy: string): Map<string, string[]> {
  return new Map(policy.split(';').map((part) => {
    const [name = '', ...values] = part.trim().split(/\s+/);
    return [name, values];
  }));
}

describe('security headers', () => {
  it('allows scripts only with the nonce, never unsafe-inline, and forbids framing', () => {
    const policy = directives(buildContentSecurityPolicy('abc123', { isDev: false }));
    expect(policy.get('script-src')).toEqual(["'self'", "'nonce-abc123'", "'strict-dynamic'"]);
    expect(policy.get('script-src')).not.toContain("'unsafe-inline'");
    expect(policy.get('frame-ancestors')).toEqual(["'none'"]);
    expect(policy.get('object-src')).toEqual(["'none'"]);
    expect(policy.get('connect-src')).toEqual(["'self'"]);
  });

  it('adds unsafe-eval only in development (React dev tooling needs it)', () => {
    expect(buildContentSecurityPolicy('n', { isDev: true })).toContain("'unsafe-eval'");
    expect(buildContentSecurityPolicy('n', { isDev: false })).not.toContain("'unsafe-eval'");
  });

  it('makes a different nonce each time, long enough not to guess', () => {
    const nonces = new Set(Array.from({ length: 50 }, () => createNonce()));
    expect(nonces.size).toBe(50);
    for (const nonce of nonces) expect(nonce).toMatch(/^[A-Za-z0-9+/]{24}$/);
  });

  it('sends nosniff and a referrer policy', () => {
    const byKey = Object.fromEntries(STATIC_SECURITY_HEADERS.map((header) => [header.key, header.value]));
    expect(byKey['X-Content-Type-Options']).toBe('nosniff');
    // same-origin, not no-referrer: with no-referrer a form post carries `Origin: null` and the same-origin check refuses it.
    expect(byKey['Referrer-Policy']).toBe('same-origin');
  });
});

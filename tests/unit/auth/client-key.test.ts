// Who a request counts against for limits, and whether it came over https: forwarded headers count only behind a trusted proxy.
import { describe, expect, it } from 'vitest';
import { clientKeyOf, isHttpsRequest, SHARED_CLIENT_KEY } from '@/lib/auth/client-key';

describe('client key', () => {
  it('is one shared bucket unless TRUST_PROXY, whatever the client writes', () => {
    expect(clientKeyOf(new Headers({ 'x-forwarded-for': '203.0.113.9' }), false)).toBe(SHARED_CLIENT_KEY);
    expect(clientKeyOf(new Headers({ 'x-real-ip': '10.1.1.1' }), false)).toBe(SHARED_CLIENT_KEY);
  });

  it('behind a trusted proxy is the last X-Forwarded-For entry (the one the proxy added), then X-Real-IP', () => {
    expect(clientKeyOf(new Headers({ 'x-forwarded-for': ' 6.6.6.6 , 203.0.113.9 ', 'x-real-ip': '10.1.1.1' }), true)).toBe('203.0.113.9');
    expect(clientKeyOf(new Headers({ 'x-real-ip': '10.1.1.1' }), true)).toBe('10.1.1.1');
    expect(clientKeyOf(new Headers(), true)).toBe(SHARED_CLIENT_KEY);
  });
});

describe('https', () => {
  it('believes X-Forwarded-Proto only behind a trusted proxy', () => {
    const forwarded = new Headers({ 'x-forwarded-proto': 'https' });
    expect(isHttpsRequest('http://127.0.0.1:3000/', forwarded, false)).toBe(false);
    expect(isHttpsRequest('http://127.0.0.1:3000/', forwarded, true)).toBe(true);
    expect(isHttpsRequest('https://play.example.com/', new Headers(), false)).toBe(true);
  });
});

// The host names the playground answers to (DNS rebinding defence).
import { describe, expect, it } from 'vitest';
import { hostNameOf, isAllowedHost } from '@/lib/auth/hosts';

const env = (HOST = '127.0.0.1', PLAYGROUND_PUBLIC_URL?: string) => ({ HOST, PLAYGROUND_PUBLIC_URL });

describe('allowed hosts', () => {
  it('accepts loopback names on any port', () => {
    for (const host of ['127.0.0.1:3000', 'localhost:3000', 'LOCALHOST', '[::1]:3000', '127.0.0.1']) expect(isAllowedHost(host, env())).toBe(true);
  });

  it('refuses any other name, a missing Host and malformed ones', () => {
    for (const host of ['rebind.attacker.example:3000', 'attacker.example', '127.0.0.1.nip.io:3000', '', 'localhost@evil:80', 'a b']) {
      expect(isAllowedHost(host, env())).toBe(false);
    }
    expect(isAllowedHost(null, env())).toBe(false);
  });

  it('accepts the host of PLAYGROUND_PUBLIC_URL and an explicit HOST, never a wildcard bind', () => {
    expect(isAllowedHost('play.example.com', env('127.0.0.1', 'https://play.example.com'))).toBe(true);
    expect(isAllowedHost('play.example.com:443', env('127.0.0.1', 'https://play.example.com'))).toBe(true);
    expect(isAllowedHost('192.168.1.20:3000', env('192.168.1.20'))).toBe(true);
    expect(isAllowedHost('0.0.0.0:3000', env('0.0.0.0'))).toBe(false);
    expect(isAllowedHost('other.example.com', env('0.0.0.0', 'https://play.example.com'))).toBe(false);
  });

  it('reads the name of a Host header', () => {
    expect(hostNameOf('Example.COM:8080')).toBe('example.com');
    expect(hostNameOf('[::1]:3000')).toBe('[::1]');
    expect(hostNameOf('example.com.')).toBe('example.com');
    expect(hostNameOf('user@example.com')).toBeNull();
  });
});

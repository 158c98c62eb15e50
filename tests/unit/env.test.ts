import { describe, expect, it } from 'vitest';
import { EnvError, describeDatabase, describeGateway, gatewayApiPath, internalOrigin, parseEnv, publicOrigin, remoteGatewayApiBase } from '@/lib/env-schema';

function problemsOf(source: Record<string, string>): string[] {
  try {
    parseEnv(source);
  } catch (error) {
    if (error instanceof EnvError) return error.problems;
    throw error;
  }
  return [];
}

describe('settings', () => {
  it('defaults to the local gateway, PGlite and 127.0.0.1:3000 with nothing set', () => {
    const env = parseEnv({});
    expect(env.PORT).toBe(3000);
    expect(env.HOST).toBe('127.0.0.1');
    expect(env.GATEWAY_BASE_URL).toBeUndefined();
    expect(env.LOCAL_GATEWAY_API_KEYS).toEqual(['sk-local-playground-dev']);
    expect(describeGateway(env)).toBe('local (built in, at http://127.0.0.1:3000/api/v1/llm)');
    expect(describeDatabase(env)).toBe('PGlite (embedded) in .data/pglite');
    expect(publicOrigin(env)).toBe('http://127.0.0.1:3000');
  });

  it('talks to a remote gateway under GATEWAY_API_PATH (default /api/v1/llm; /v1 for LiteLLM and OpenAI-compatible servers; / for the root)', () => {
    expect(gatewayApiPath(parseEnv({ GATEWAY_BASE_URL: 'https://gw.example.com' }))).toBe('/api/v1/llm');
    const litellm = parseEnv({ GATEWAY_BASE_URL: 'http://litellm.internal:4000/', GATEWAY_API_PATH: '/v1/' });
    expect(gatewayApiPath(litellm)).toBe('/v1');
    expect(remoteGatewayApiBase(litellm)).toBe('http://litellm.internal:4000/v1');
    expect(describeGateway(litellm)).toBe('remote http://litellm.internal:4000/v1');
    expect(remoteGatewayApiBase(parseEnv({ GATEWAY_BASE_URL: 'https://gw.example.com/openai', GATEWAY_API_PATH: '/' }))).toBe('https://gw.example.com/openai');
    expect(remoteGatewayApiBase(parseEnv({}))).toBeNull();
  });

  it('refuses a GATEWAY_API_PATH that is not a plain path, or one set without a remote gateway, naming the variable', () => {
    const base = { GATEWAY_BASE_URL: 'https://gw.example.com' };
    expect(problemsOf({ ...base, GATEWAY_API_PATH: 'v1' })).toEqual(['GATEWAY_API_PATH must start with / (e.g. /v1 or /api/v1/llm)']);
    expect(problemsOf({ ...base, GATEWAY_API_PATH: '/v1?x=1' })[0]).toMatch(/^GATEWAY_API_PATH must be a plain URL path/);
    expect(problemsOf({ ...base, GATEWAY_API_PATH: '/v1/../admin' })).toEqual(['GATEWAY_API_PATH must not contain . or .. segments']);
    expect(problemsOf({ ...base, GATEWAY_API_PATH: '/v1//x' })).toEqual(['GATEWAY_API_PATH must not contain an empty segment (//)']);
    expect(problemsOf({ GATEWAY_API_PATH: '/v1' })).toEqual([
      'GATEWAY_API_PATH is set but GATEWAY_BASE_URL is not; the path applies to a remote gateway only (the built-in one is always at /api/v1/llm)',
    ]);
  });

  it('names each bad variable and what is allowed', () => {
    const problems = problemsOf({ PORT: '70000', GATEWAY_BASE_URL: 'ftp://x', DATABASE_URL: 'mysql://db', ALLOW_BROWSER_KEYS: 'yes' });
    expect(problems).toEqual(
      expect.arrayContaining([
        'PORT must be 1 to 65535',
        'GATEWAY_BASE_URL must use http or https',
        'DATABASE_URL must be a postgres:// or postgresql:// connection URL',
        expect.stringMatching(/^ALLOW_BROWSER_KEYS /),
      ]),
    );
  });

  it('refuses a GATEWAY_BASE_URL with a user name or password, naming the variable and not echoing the secret', () => {
    for (const url of ['https://user:secret@gw.example.com/', 'https://user@gw.example.com/', 'https://:secret@gw.example.com/']) {
      const problems = problemsOf({ GATEWAY_BASE_URL: url });
      expect(problems).toEqual([expect.stringMatching(/^GATEWAY_BASE_URL must not carry a user name or password .*GATEWAY_API_KEY$/)]);
      expect(problems.join()).not.toContain('secret');
    }
    expect(describeGateway(parseEnv({ GATEWAY_BASE_URL: 'https://gw.example.com/' }))).toBe('remote https://gw.example.com/api/v1/llm');
  });

  it('refuses an open relay on a non-loopback host unless allowed or protected', () => {
    expect(problemsOf({ HOST: '0.0.0.0', GATEWAY_API_KEY: 'k' })[0]).toMatch(/^HOST is 0\.0\.0\.0 .*PLAYGROUND_ACCESS_TOKEN/);
    expect(problemsOf({ HOST: '0.0.0.0', GATEWAY_API_KEY: 'k', PLAYGROUND_ACCESS_TOKEN: 'a-long-enough-token' })).toEqual([]);
    expect(problemsOf({ HOST: '0.0.0.0', GATEWAY_API_KEY: 'k', PLAYGROUND_ALLOW_OPEN: 'true' })).toEqual([]);
    expect(internalOrigin(parseEnv({ HOST: '0.0.0.0', PORT: '4000' }))).toBe('http://127.0.0.1:4000');
  });

  it('reads comma-separated lists and masks a redacted database URL', () => {
    const env = parseEnv({ LOCAL_GATEWAY_API_KEYS: ' a , b ,', DATABASE_URL: 'postgres://u:pw@db:5433/app' });
    expect(env.LOCAL_GATEWAY_API_KEYS).toEqual(['a', 'b']);
    expect(describeDatabase(env)).toBe('PostgreSQL at db:5433/app');
  });

  it('reads the local gateway limits: defaults, 0 for off, whole numbers only', () => {
    const defaults = parseEnv({});
    expect([defaults.LOCAL_GATEWAY_RATE_LIMIT_PER_MINUTE, defaults.LOCAL_GATEWAY_MAX_CONCURRENT_STREAMS]).toEqual([1200, 16]);
    const off = parseEnv({ LOCAL_GATEWAY_RATE_LIMIT_PER_MINUTE: '0', LOCAL_GATEWAY_MAX_CONCURRENT_STREAMS: '3' });
    expect([off.LOCAL_GATEWAY_RATE_LIMIT_PER_MINUTE, off.LOCAL_GATEWAY_MAX_CONCURRENT_STREAMS]).toEqual([0, 3]);
    expect(problemsOf({ LOCAL_GATEWAY_RATE_LIMIT_PER_MINUTE: '-1', LOCAL_GATEWAY_MAX_CONCURRENT_STREAMS: '2.5' })).toEqual([
      'LOCAL_GATEWAY_RATE_LIMIT_PER_MINUTE must be 0 or more',
      'LOCAL_GATEWAY_MAX_CONCURRENT_STREAMS must be a whole number',
    ]);
  });
});

import { describe, expect, it } from 'vitest';
import { EnvError, describeDatabase, describeGateway, describeSignIn, gatewayApiPath, internalOrigin, oidcRedirectUri, onBehalfOfPolicy, parseEnv, publicOrigin, remoteGatewayApiBase, signInMode } from '@/lib/env-schema';

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

describe('team settings (personal sign-in, X-On-Behalf-Of policy, audit)', () => {
  const oidc = { OIDC_ISSUER: 'https://login.example.com/realms/team', OIDC_CLIENT_ID: 'playground', OIDC_CLIENT_SECRET: 's3cret', PLAYGROUND_PUBLIC_URL: 'https://play.example.com' };

  it('turns on personal sign-in with the three OIDC_ settings and the public URL, defaulting the policy to self', () => {
    const env = parseEnv(oidc);
    expect(signInMode(env)).toBe('oidc');
    expect(onBehalfOfPolicy(env)).toBe('self');
    expect(oidcRedirectUri(env)).toBe('https://play.example.com/api/auth/callback/oidc');
    expect(env.OIDC_SCOPES).toEqual(['openid', 'email', 'profile']);
    expect(env.OIDC_REFRESH_SECONDS).toBe(300);
    expect(env.AUDIT_KEEP_DAYS).toBe(30);
    expect(env.AUDIT_BODIES).toBe(false);
    expect(describeSignIn(env)).toBe('personal accounts (OpenID Connect at https://login.example.com/realms/team), X-On-Behalf-Of policy self');
    expect(onBehalfOfPolicy(parseEnv({}))).toBe('free');
    expect(signInMode(parseEnv({ PLAYGROUND_ACCESS_TOKEN: 'a-long-enough-token' }))).toBe('token');
    expect(signInMode(parseEnv({}))).toBe('none');
  });

  it('refuses half an OIDC configuration, a missing public URL, and OIDC together with the access token, naming each variable', () => {
    expect(problemsOf({ OIDC_ISSUER: oidc.OIDC_ISSUER, PLAYGROUND_PUBLIC_URL: oidc.PLAYGROUND_PUBLIC_URL })).toEqual([
      'OIDC_CLIENT_ID is required with the other OIDC_ settings (OIDC_ISSUER, OIDC_CLIENT_ID, OIDC_CLIENT_SECRET)',
      'OIDC_CLIENT_SECRET is required with the other OIDC_ settings (OIDC_ISSUER, OIDC_CLIENT_ID, OIDC_CLIENT_SECRET)',
    ]);
    expect(problemsOf({ ...oidc, PLAYGROUND_PUBLIC_URL: '' })).toEqual([
      'PLAYGROUND_PUBLIC_URL is required with OIDC_ISSUER: the redirect URI registered with the provider is {PLAYGROUND_PUBLIC_URL}/api/auth/callback/oidc',
    ]);
    expect(problemsOf({ ...oidc, PLAYGROUND_ACCESS_TOKEN: 'a-long-enough-token' })).toEqual([
      'PLAYGROUND_ACCESS_TOKEN cannot be set with OIDC_ISSUER: choose personal sign-in (OIDC_*) or one shared access token',
    ]);
  });

  it('accepts an http issuer only on this machine, and an https one anywhere', () => {
    expect(problemsOf({ ...oidc, OIDC_ISSUER: 'http://login.example.com' })).toEqual([
      'OIDC_ISSUER must use https (http only for a provider on this machine: 127.0.0.1, localhost or [::1])',
    ]);
    expect(problemsOf({ ...oidc, OIDC_ISSUER: 'http://127.0.0.1:4444' })).toEqual([]);
    expect(problemsOf({ ...oidc, OIDC_ISSUER: 'not a url' })[0]).toMatch(/^OIDC_ISSUER must be the provider's issuer URL/);
  });

  it('allows self and claim only with personal sign-in, and names the allowed policies', () => {
    expect(problemsOf({ ON_BEHALF_OF_POLICY: 'self' })).toEqual([
      'ON_BEHALF_OF_POLICY is self, which needs personal sign-in (OIDC_ISSUER, OIDC_CLIENT_ID, OIDC_CLIENT_SECRET); without it only free applies',
    ]);
    expect(problemsOf({ ...oidc, ON_BEHALF_OF_POLICY: 'anyone' })).toEqual(['ON_BEHALF_OF_POLICY must be free, self or claim']);
    expect(onBehalfOfPolicy(parseEnv({ ...oidc, ON_BEHALF_OF_POLICY: 'claim' }))).toBe('claim');
    expect(onBehalfOfPolicy(parseEnv({ ...oidc, ON_BEHALF_OF_POLICY: 'free' }))).toBe('free');
    expect(problemsOf({ PLAYGROUND_ADMINS: 'ana@example.com' })).toEqual([
      'PLAYGROUND_ADMINS names signed-in users, so it needs OIDC_ISSUER, OIDC_CLIENT_ID and OIDC_CLIENT_SECRET',
    ]);
    expect(problemsOf({ ...oidc, OIDC_SCOPES: 'email profile' })).toEqual(['OIDC_SCOPES must include openid (space-separated, e.g. "openid email profile offline_access")']);
    expect(problemsOf({ AUDIT_KEEP_DAYS: '0', AUDIT_BODIES: 'maybe' })).toEqual(expect.arrayContaining(['AUDIT_KEEP_DAYS must be above 0', expect.stringMatching(/^AUDIT_BODIES /)]));
  });
});

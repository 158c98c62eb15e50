// Every setting the playground reads, validated once with zod; shared by the server and the start script.
import { z } from 'zod';

export const LOCAL_GATEWAY_DEV_KEY = 'sk-local-playground-dev';

const booleanFlag = z
  .enum(['true', 'false', '1', '0', ''])
  .default('false')
  .transform((value) => value === 'true' || value === '1');

const positiveInt = (fallback: number) =>
  z.coerce.number({ error: 'must be a whole number' }).int('must be a whole number').positive('must be above 0').default(fallback);

const nonNegativeNumber = (fallback: number) =>
  z.coerce.number({ error: 'must be a number' }).min(0, 'must be 0 or more').default(fallback);

const nonNegativeInt = (fallback: number) =>
  z.coerce.number({ error: 'must be a whole number' }).int('must be a whole number').min(0, 'must be 0 or more').default(fallback);

const httpUrl = z
  .string()
  .url('must be an http(s) URL, e.g. https://gateway.example.com')
  .refine((value) => /^https?:$/.test(new URL(value).protocol), 'must use http or https')
  .transform((value) => value.replace(/\/+$/, ''));

const emptyAsUndefined = (value: unknown) => (value === '' ? undefined : value);

const commaList = z
  .string()
  .default('')
  .transform((value) => value.split(',').map((entry) => entry.trim()).filter(Boolean));

const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]']);

/** An OpenID provider's issuer: https, or http on a loopback host (a provider on this machine, for development). */
const issuerUrl = z
  .string()
  .url('must be the provider\'s issuer URL, e.g. https://login.example.com/realms/team')
  .refine((value) => {
    const url = URL.parse(value);
    return !url || url.protocol === 'https:' || (url.protocol === 'http:' && LOOPBACK_HOSTS.has(url.hostname));
  }, 'must use https (http only for a provider on this machine: 127.0.0.1, localhost or [::1])')
  .refine((value) => !URL.parse(value)?.search && !URL.parse(value)?.hash, 'must not carry a query or fragment');

/** Who X-On-Behalf-Of may name: free (anyone), self (the signed-in user), claim (values listed in an ID-token claim). */
export const ON_BEHALF_OF_POLICIES = ['free', 'self', 'claim'] as const;
export type OnBehalfOfPolicy = (typeof ON_BEHALF_OF_POLICIES)[number];

/** A claim name as providers write them (letters, digits, _ - . : /). */
const claimName = (fallback: string) =>
  z
    .string()
    .regex(/^[A-Za-z0-9_.:/-]{1,100}$/, 'must be a claim name (letters, digits, _ - . : /)')
    .default(fallback);

/** The built-in gateway's API path, where app/api/v1/llm mounts it (the one spelling of it); a remote gateway's is GATEWAY_API_PATH, this by default. */
export const LOCAL_GATEWAY_API_PATH = '/api/v1/llm';

/** A URL path of plain segments ("/v1", "/api/v1/llm"), or "/" for the root; no query, fragment, `.` or `..` segment. */
const apiPath = z
  .string()
  .regex(/^\//, 'must start with / (e.g. /v1 or /api/v1/llm)')
  .regex(/^[A-Za-z0-9\-._~!$&'()*+,;=:@%/]*$/, 'must be a plain URL path (letters, digits and - . _ ~ %; no query ? or fragment #)')
  .refine((value) => !value.split('/').some((segment) => segment === '.' || segment === '..'), 'must not contain . or .. segments')
  .refine((value) => !value.includes('//'), 'must not contain an empty segment (//)')
  .transform((value) => value.replace(/\/+$/, ''));

export const envSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    PORT: z.coerce.number({ error: 'must be a port number' }).int().min(1, 'must be 1 to 65535').max(65535, 'must be 1 to 65535').default(3000),
    HOST: z.string().min(1, 'must be a host name or address').default('127.0.0.1'),
    GATEWAY_BASE_URL: z.preprocess(
      emptyAsUndefined,
      httpUrl
        .refine((value) => !new URL(value).username && !new URL(value).password, 'must not carry a user name or password (user:password@...); put the key in GATEWAY_API_KEY')
        .optional(),
    ),
    GATEWAY_API_KEY: z.preprocess(emptyAsUndefined, z.string().min(1).optional()),
    GATEWAY_API_PATH: z.preprocess(emptyAsUndefined, apiPath.optional()),
    GATEWAY_TIMEOUT_MS: positiveInt(30_000),
    GATEWAY_STREAM_IDLE_MS: positiveInt(60_000),
    ALLOW_BROWSER_KEYS: booleanFlag,
    DATABASE_URL: z.preprocess(
      emptyAsUndefined,
      z
        .string()
        .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// connection URL')
        .optional(),
    ),
    PGLITE_DIR: z.string().min(1).default('.data/pglite'),
    PLAYGROUND_PUBLIC_URL: z.preprocess(emptyAsUndefined, httpUrl.optional()),
    PLAYGROUND_ACCESS_TOKEN: z.preprocess(emptyAsUndefined, z.string().min(12, 'must be at least 12 characters').optional()),
    PLAYGROUND_ALLOW_OPEN: booleanFlag,
    PROXY_BODY_LIMIT_BYTES: positiveInt(20 * 1024 * 1024),
    PROXY_RATE_LIMIT_PER_MINUTE: positiveInt(600),
    PROXY_MAX_CONCURRENT_STREAMS: nonNegativeInt(8),
    TRUST_PROXY: booleanFlag,
    LOCAL_GATEWAY_API_KEYS: z
      .string()
      .default(LOCAL_GATEWAY_DEV_KEY)
      .transform((value) => value.split(',').map((key) => key.trim()).filter(Boolean))
      .refine((keys) => keys.length > 0, 'must list at least one key (comma-separated)'),
    LOCAL_GATEWAY_WEBHOOK_ALLOW: z
      .string()
      .default('')
      .transform((value) => value.split(',').map((entry) => entry.trim()).filter(Boolean)),
    LOCAL_GATEWAY_TOKENS_PER_SECOND: nonNegativeNumber(40),
    LOCAL_GATEWAY_RATE_LIMIT_PER_MINUTE: nonNegativeInt(1200),
    LOCAL_GATEWAY_MAX_CONCURRENT_STREAMS: nonNegativeInt(16),
    JOB_STALL_AFTER_MS: positiveInt(120_000),
    WEBHOOK_CAPTURE_MAX_DELIVERIES: positiveInt(500),
    WEBHOOK_CAPTURE_MAX_BYTES: z.coerce
      .number({ error: 'must be a whole number' })
      .int('must be a whole number')
      .min(1024 * 1024, 'must be at least 1048576 (one delivery may carry 1 MiB)')
      .default(32 * 1024 * 1024),
    RECORDINGS_KEEP: nonNegativeInt(500),
    WEBHOOK_REPLAY_ALLOW: z
      .string()
      .default('')
      .transform((value) => value.split(',').map((entry) => entry.trim()).filter(Boolean)),
    OIDC_ISSUER: z.preprocess(emptyAsUndefined, issuerUrl.optional()),
    OIDC_CLIENT_ID: z.preprocess(emptyAsUndefined, z.string().min(1).optional()),
    OIDC_CLIENT_SECRET: z.preprocess(emptyAsUndefined, z.string().min(1).optional()),
    OIDC_SCOPES: z
      .string()
      .default('openid email profile')
      .transform((value) => value.split(/\s+/).filter(Boolean))
      .refine((scopes) => scopes.includes('openid'), 'must include openid (space-separated, e.g. "openid email profile offline_access")'),
    OIDC_REFRESH_SECONDS: positiveInt(300),
    OIDC_IDENTITY_CLAIM: claimName('email'),
    OIDC_GROUPS_CLAIM: claimName('groups'),
    PLAYGROUND_ADMINS: commaList,
    PLAYGROUND_USERS: commaList,
    ON_BEHALF_OF_POLICY: z.preprocess(emptyAsUndefined, z.enum(ON_BEHALF_OF_POLICIES, { error: 'must be free, self or claim' }).optional()),
    ON_BEHALF_OF_CLAIM: claimName('on_behalf_of'),
    AUDIT_KEEP_DAYS: positiveInt(30),
    AUDIT_BODIES: booleanFlag,
  })
  .superRefine((env, ctx) => {
    if (env.GATEWAY_API_PATH !== undefined && !env.GATEWAY_BASE_URL) {
      ctx.addIssue({
        code: 'custom',
        path: ['GATEWAY_API_PATH'],
        message: `is set but GATEWAY_BASE_URL is not; the path applies to a remote gateway only (the built-in one is always at ${LOCAL_GATEWAY_API_PATH})`,
      });
    }
    checkSignIn(env, ctx);
    const isLoopback = ['127.0.0.1', 'localhost', '::1'].includes(env.HOST);
    if (!isLoopback && env.GATEWAY_API_KEY && !env.PLAYGROUND_ACCESS_TOKEN && !env.OIDC_ISSUER && !env.PLAYGROUND_ALLOW_OPEN) {
      ctx.addIssue({
        code: 'custom',
        path: ['HOST'],
        message: `is ${env.HOST} (not loopback) with a server-side GATEWAY_API_KEY and no PLAYGROUND_ACCESS_TOKEN; set PLAYGROUND_ACCESS_TOKEN, or PLAYGROUND_ALLOW_OPEN=true to run an open relay on purpose`,
      });
    }
  });

export type Env = z.infer<typeof envSchema>;

type SignInSettings = Pick<Env, 'OIDC_ISSUER' | 'OIDC_CLIENT_ID' | 'OIDC_CLIENT_SECRET' | 'PLAYGROUND_ACCESS_TOKEN' | 'PLAYGROUND_PUBLIC_URL' | 'PLAYGROUND_ADMINS' | 'PLAYGROUND_USERS' | 'ON_BEHALF_OF_POLICY'>;

/** The OpenID settings come together, need the public URL (the redirect URI), and exclude the shared access token. */
function checkSignIn(env: SignInSettings, ctx: z.RefinementCtx): void {
  const issue = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
  const oidc = { OIDC_ISSUER: env.OIDC_ISSUER, OIDC_CLIENT_ID: env.OIDC_CLIENT_ID, OIDC_CLIENT_SECRET: env.OIDC_CLIENT_SECRET };
  const missing = Object.entries(oidc).filter(([, value]) => !value).map(([name]) => name);
  const isOidc = missing.length === 0;
  if (missing.length > 0 && missing.length < 3) {
    for (const name of missing) issue(name, 'is required with the other OIDC_ settings (OIDC_ISSUER, OIDC_CLIENT_ID, OIDC_CLIENT_SECRET)');
  }
  if (isOidc && !env.PLAYGROUND_PUBLIC_URL) {
    issue('PLAYGROUND_PUBLIC_URL', 'is required with OIDC_ISSUER: the redirect URI registered with the provider is {PLAYGROUND_PUBLIC_URL}/api/auth/callback/oidc');
  }
  if (isOidc && env.PLAYGROUND_ACCESS_TOKEN) {
    issue('PLAYGROUND_ACCESS_TOKEN', 'cannot be set with OIDC_ISSUER: choose personal sign-in (OIDC_*) or one shared access token');
  }
  if (!isOidc && env.ON_BEHALF_OF_POLICY && env.ON_BEHALF_OF_POLICY !== 'free') {
    issue('ON_BEHALF_OF_POLICY', `is ${env.ON_BEHALF_OF_POLICY}, which needs personal sign-in (OIDC_ISSUER, OIDC_CLIENT_ID, OIDC_CLIENT_SECRET); without it only free applies`);
  }
  for (const name of ['PLAYGROUND_ADMINS', 'PLAYGROUND_USERS'] as const) {
    if (!isOidc && env[name].length > 0) issue(name, 'names signed-in users, so it needs OIDC_ISSUER, OIDC_CLIENT_ID and OIDC_CLIENT_SECRET');
  }
}

/** How people sign in: personal OpenID Connect accounts, one shared access token, or not at all (loopback). */
export type SignInMode = 'oidc' | 'token' | 'none';

export function signInMode(env: Pick<Env, 'OIDC_ISSUER' | 'PLAYGROUND_ACCESS_TOKEN'>): SignInMode {
  if (env.OIDC_ISSUER) return 'oidc';
  return env.PLAYGROUND_ACCESS_TOKEN ? 'token' : 'none';
}

/** ON_BEHALF_OF_POLICY as set, else self with personal sign-in and free without it. */
export function onBehalfOfPolicy(env: Pick<Env, 'OIDC_ISSUER' | 'ON_BEHALF_OF_POLICY'>): OnBehalfOfPolicy {
  return env.ON_BEHALF_OF_POLICY ?? (env.OIDC_ISSUER ? 'self' : 'free');
}

/** The redirect URI to register with the OpenID provider. */
export const OIDC_CALLBACK_PATH = '/api/auth/callback/oidc';

export function oidcRedirectUri(env: Pick<Env, 'PLAYGROUND_PUBLIC_URL'>): string | null {
  return env.PLAYGROUND_PUBLIC_URL ? `${env.PLAYGROUND_PUBLIC_URL}${OIDC_CALLBACK_PATH}` : null;
}

export class EnvError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((line) => `  - ${line}`).join('\n')}`);
    this.name = 'EnvError';
  }
}

/** Parses settings; throws EnvError whose lines name each bad variable and what it allows. */
export function parseEnv(source: Record<string, string | undefined>): Env {
  const result = envSchema.safeParse(source);
  if (result.success) return result.data;
  throw new EnvError(result.error.issues.map((issue) => `${issue.path.join('.') || 'environment'} ${issue.message}`));
}

/** Where the playground is reachable from this machine (used to reach the mounted local gateway). */
export function internalOrigin(env: Env): string {
  const host = env.HOST === '0.0.0.0' || env.HOST === '::' ? '127.0.0.1' : env.HOST;
  return `http://${host.includes(':') ? `[${host}]` : host}:${env.PORT}`;
}

/** The origin a gateway uses to reach this playground (webhook capture URLs). */
export function publicOrigin(env: Env): string {
  return env.PLAYGROUND_PUBLIC_URL ?? internalOrigin(env);
}

/** The remote gateway's base URL without credentials (safe to show), or null with the local gateway. */
export function remoteGatewayBaseUrl(env: Env): string | null {
  if (!env.GATEWAY_BASE_URL) return null;
  const url = new URL(env.GATEWAY_BASE_URL);
  url.username = '';
  url.password = '';
  return url.toString().replace(/\/+$/, '');
}

/** The path under the gateway's base URL where its API lives: GATEWAY_API_PATH for a remote gateway ('' for its root). */
export function gatewayApiPath(env: Env): string {
  return env.GATEWAY_BASE_URL ? (env.GATEWAY_API_PATH ?? LOCAL_GATEWAY_API_PATH) : LOCAL_GATEWAY_API_PATH;
}

/** The remote gateway's API base (base URL + GATEWAY_API_PATH) without credentials, or null with the local gateway. */
export function remoteGatewayApiBase(env: Env): string | null {
  const remote = remoteGatewayBaseUrl(env);
  return remote ? `${remote}${gatewayApiPath(env)}` : null;
}

/** The upstream, without credentials, for display. */
export function describeGateway(env: Env): string {
  const remote = remoteGatewayApiBase(env);
  return remote ? `remote ${remote}` : `local (built in, at ${internalOrigin(env)}${LOCAL_GATEWAY_API_PATH})`;
}

export function describeDatabase(env: Env): string {
  if (!env.DATABASE_URL) return `PGlite (embedded) in ${env.PGLITE_DIR}`;
  const url = new URL(env.DATABASE_URL);
  return `PostgreSQL at ${url.hostname}:${url.port || '5432'}${url.pathname}`;
}

export function describeSignIn(env: Env): string {
  const mode = signInMode(env);
  if (mode === 'oidc') return `personal accounts (OpenID Connect at ${env.OIDC_ISSUER}), X-On-Behalf-Of policy ${onBehalfOfPolicy(env)}`;
  return mode === 'token' ? 'one shared access token (PLAYGROUND_ACCESS_TOKEN)' : 'none (open to whoever reaches it)';
}

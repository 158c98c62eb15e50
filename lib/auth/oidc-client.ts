// The OpenID Connect client (openid-client): discovery from OIDC_ISSUER, the authorization code flow with PKCE, refresh and userinfo.
import 'server-only';
import * as oidc from 'openid-client';
import type { Env } from '@/lib/env-schema';
import { oidcRedirectUri } from '@/lib/env-schema';

type OidcSettings = Pick<Env, 'OIDC_ISSUER' | 'OIDC_CLIENT_ID' | 'OIDC_CLIENT_SECRET' | 'OIDC_SCOPES' | 'PLAYGROUND_PUBLIC_URL'>;

const DISCOVERY_TIMEOUT_SECONDS = 10;
/**
 * Per module copy, not on globalThis: the middleware and each route bundle load their own openid-client, and a
 * Configuration made by one copy fails the other's instanceof check. Each copy discovers once.
 */
let cached: { key: string; config: Promise<oidc.Configuration> } | undefined;

function requireSettings(env: OidcSettings) {
  const { OIDC_ISSUER: issuer, OIDC_CLIENT_ID: clientId, OIDC_CLIENT_SECRET: clientSecret } = env;
  const redirectUri = oidcRedirectUri(env);
  if (!issuer || !clientId || !clientSecret || !redirectUri) throw new Error('OpenID Connect is not configured.');
  return { issuer, clientId, clientSecret, redirectUri };
}

/** The provider's configuration from its discovery document, fetched once per process (a failure is tried again next time). */
export function getOidcConfig(env: OidcSettings): Promise<oidc.Configuration> {
  const { issuer, clientId, clientSecret } = requireSettings(env);
  const key = `${issuer}\n${clientId}`;
  if (cached?.key !== key) {
    // http is allowed only for a provider on this machine (lib/env-schema.ts refuses it elsewhere).
    const execute = new URL(issuer).protocol === 'http:' ? [oidc.allowInsecureRequests] : [];
    const config = oidc.discovery(new URL(issuer), clientId, clientSecret, undefined, { execute, timeout: DISCOVERY_TIMEOUT_SECONDS });
    cached = { key, config };
    config.catch(() => {
      if (cached?.config === config) cached = undefined;
    });
  }
  return cached.config;
}

export interface PendingSignIn {
  url: string;
  state: string;
  codeVerifier: string;
  nonce: string;
}

/** Where to send the browser to sign in, and the checks its return must pass (kept server-side until then). */
export async function beginSignIn(env: OidcSettings): Promise<PendingSignIn> {
  const config = await getOidcConfig(env);
  const { redirectUri } = requireSettings(env);
  const codeVerifier = oidc.randomPKCECodeVerifier();
  const state = oidc.randomState();
  const nonce = oidc.randomNonce();
  const url = oidc.buildAuthorizationUrl(config, {
    redirect_uri: redirectUri,
    scope: env.OIDC_SCOPES.join(' '),
    code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
    code_challenge_method: 'S256',
    state,
    nonce,
  });
  return { url: url.toString(), state, codeVerifier, nonce };
}

export interface ProviderTokens {
  claims: Record<string, unknown>;
  accessToken: string | null;
  accessTokenExpiresAt: Date | null;
  refreshToken: string | null;
}

function expiryOf(tokens: oidc.TokenEndpointResponse & oidc.TokenEndpointResponseHelpers): Date | null {
  const seconds = tokens.expiresIn();
  return seconds === undefined ? null : new Date(Date.now() + seconds * 1000);
}

/** The ID token's claims with userinfo's on top (some providers put email or groups only there). */
async function readClaims(config: oidc.Configuration, idClaims: Record<string, unknown>, accessToken: string | null): Promise<Record<string, unknown>> {
  const sub = String(idClaims.sub ?? '');
  if (!accessToken || !config.serverMetadata().userinfo_endpoint) return idClaims;
  const userinfo = await oidc.fetchUserInfo(config, accessToken, sub);
  return { ...idClaims, ...userinfo, sub };
}

/**
 * Finishes a sign-in from the provider's redirect: the code exchanged with the PKCE verifier, state and nonce checked, the
 * ID token verified. `callbackUrl` is the redirect URI with the query the provider added. Throws openid-client's errors
 * (an `AuthorizationResponseError` carries the provider's `error`, such as access_denied).
 */
export async function completeSignIn(env: OidcSettings, callbackUrl: URL, pending: Omit<PendingSignIn, 'url'>): Promise<ProviderTokens> {
  const config = await getOidcConfig(env);
  const tokens = await oidc.authorizationCodeGrant(config, callbackUrl, {
    pkceCodeVerifier: pending.codeVerifier,
    expectedState: pending.state,
    expectedNonce: pending.nonce,
    idTokenExpected: true,
  });
  const idClaims = (tokens.claims() ?? {}) as Record<string, unknown>;
  return {
    claims: await readClaims(config, idClaims, tokens.access_token ?? null),
    accessToken: tokens.access_token ?? null,
    accessTokenExpiresAt: expiryOf(tokens),
    refreshToken: tokens.refresh_token ?? null,
  };
}

export type RefreshOutcome =
  | { kind: 'alive'; tokens: ProviderTokens }
  /** The provider said no: the grant is revoked or the account is gone. */
  | { kind: 'gone'; reason: string }
  /** Nothing can be asked (no refresh token and the access token has expired), or the provider could not be reached. */
  | { kind: 'unknown'; reason: string };

export interface StoredTokens {
  userId: string;
  refreshToken: string | null;
  accessToken: string | null;
  accessTokenExpiresAt: Date | null;
}

function isRefusal(error: unknown): boolean {
  if (error instanceof oidc.ResponseBodyError) return error.status >= 400 && error.status < 500;
  if (error instanceof oidc.WWWAuthenticateChallengeError) return error.status === 401 || error.status === 403;
  return false;
}

function refusalReason(error: unknown): string {
  if (error instanceof oidc.ResponseBodyError) return error.error;
  if (error instanceof oidc.WWWAuthenticateChallengeError) return `userinfo ${error.status}`;
  return error instanceof Error ? error.name : 'unknown';
}

/**
 * Asks the provider whether the user is still there: the refresh token when there is one (rotated tokens come back), else
 * userinfo with an unexpired access token. A 4xx answer means gone; an unreachable provider decides nothing.
 */
export async function refreshWithProvider(env: OidcSettings, stored: StoredTokens): Promise<RefreshOutcome> {
  try {
    const config = await getOidcConfig(env);
    if (stored.refreshToken) {
      const tokens = await oidc.refreshTokenGrant(config, stored.refreshToken);
      const idClaims = (tokens.claims() ?? { sub: stored.userId }) as Record<string, unknown>;
      if (idClaims.sub !== stored.userId) return { kind: 'gone', reason: 'the provider answered for another subject' };
      const accessToken = tokens.access_token ?? null;
      return {
        kind: 'alive',
        tokens: { claims: await readClaims(config, idClaims, accessToken), accessToken, accessTokenExpiresAt: expiryOf(tokens), refreshToken: tokens.refresh_token ?? stored.refreshToken },
      };
    }
    const isUsable = stored.accessToken && (!stored.accessTokenExpiresAt || stored.accessTokenExpiresAt.getTime() > Date.now());
    if (!isUsable || !stored.accessToken) return { kind: 'unknown', reason: 'no refresh token and the access token has expired' };
    const claims = await readClaims(config, { sub: stored.userId }, stored.accessToken);
    return { kind: 'alive', tokens: { claims, accessToken: stored.accessToken, accessTokenExpiresAt: stored.accessTokenExpiresAt, refreshToken: null } };
  } catch (error) {
    if (isRefusal(error)) return { kind: 'gone', reason: refusalReason(error) };
    return { kind: 'unknown', reason: refusalReason(error) };
  }
}

export { AuthorizationResponseError } from 'openid-client';

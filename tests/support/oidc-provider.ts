// A real OpenID Connect provider for tests (the certified oidc-provider package) on 127.0.0.1 and a free port: its own
// login and consent pages, accounts the test adds and removes, refresh tokens, userinfo.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider, { type ProviderAccount } from 'oidc-provider';
import { findFreePort } from './ports';

export interface TestAccount {
  email?: string;
  email_verified?: boolean;
  name?: string;
  groups?: string[];
  on_behalf_of?: string[];
}

export interface TestProvider {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** Adds (or replaces) the account a login of this name signs in as. */
  addAccount(login: string, account: TestAccount): void;
  /** The provider forgets the account: its refresh tokens and access tokens stop working. */
  removeAccount(login: string): void;
  /** How many times the playground asked for a token (codes and refreshes) and for userinfo. */
  counts(): { tokenRequests: number; userinfoRequests: number };
  stop(): Promise<void>;
}

export interface TestProviderOptions {
  /** The playground's redirect URIs (its {PLAYGROUND_PUBLIC_URL}/api/auth/callback/oidc). */
  redirectUris: string[];
}

export async function startTestProvider(options: TestProviderOptions): Promise<TestProvider> {
  const port = await findFreePort();
  const issuer = `http://127.0.0.1:${port}`;
  const clientId = 'playground-tests';
  const clientSecret = 'playground-tests-client-secret-0123456789';
  const accounts = new Map<string, TestAccount>();
  const counts = { tokenRequests: 0, userinfoRequests: 0 };

  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: options.redirectUris,
        grant_types: ['authorization_code', 'refresh_token'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_basic',
      },
    ],
    async findAccount(_ctx: unknown, id: string): Promise<ProviderAccount | undefined> {
      const account = accounts.get(id);
      if (!account) return undefined;
      return { accountId: id, claims: () => ({ sub: id, ...account }) };
    },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'], groups: ['groups'], on_behalf_of: ['on_behalf_of'] },
    scopes: ['openid', 'email', 'profile', 'groups', 'on_behalf_of', 'offline_access'],
    // Every sign-in gets a refresh token, as most team providers issue one.
    issueRefreshToken: () => true,
    conformIdTokenClaims: false,
    ttl: { AccessToken: 3600, AuthorizationCode: 600, IdToken: 3600, RefreshToken: 86_400, Interaction: 3600, Session: 86_400, Grant: 86_400 },
    cookies: { keys: ['playground-tests-provider-cookie-key'] },
    features: { devInteractions: { enabled: true } },
  });
  provider.on('grant.success', () => (counts.tokenRequests += 1));
  provider.on('grant.error', () => (counts.tokenRequests += 1));
  provider.on('server_error', (_ctx: unknown, error: unknown) => console.error(`[test provider] ${(error as Error).message}`));
  const callback = provider.callback();
  const server = http.createServer((request, response) => {
    if (request.url?.startsWith('/me')) counts.userinfoRequests += 1;
    callback(request, response);
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    issuer: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    clientId,
    clientSecret,
    addAccount: (login, account) => accounts.set(login, account),
    removeAccount: (login) => accounts.delete(login),
    counts: () => ({ ...counts }),
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

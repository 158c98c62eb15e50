// Who is acting: claims read, access lists matched, admins decided, and ON_BEHALF_OF_POLICY applied (pure rules).
import { describe, expect, it } from 'vitest';
import { describeUser, isAllowedUser, isListed, readClaimValues, type Actor } from '@/lib/auth/identity';
import { applyOnBehalfOfPolicy, describeOnBehalfOf } from '@/lib/auth/on-behalf-of-policy';
import { parseEnv } from '@/lib/env-schema';

const env = parseEnv({
  OIDC_ISSUER: 'https://login.example.com',
  OIDC_CLIENT_ID: 'playground',
  OIDC_CLIENT_SECRET: 'secret',
  PLAYGROUND_PUBLIC_URL: 'https://play.example.com',
  PLAYGROUND_ADMINS: 'ana@team.example,platform-admins',
  PLAYGROUND_USERS: '@team.example,contractors',
});

describe('claims and access lists', () => {
  it('reads a claim as a list: an array, a space- or comma-separated string, or a dotted path into an object', () => {
    expect(readClaimValues({ groups: ['a', 'b', 3] }, 'groups')).toEqual(['a', 'b']);
    expect(readClaimValues({ groups: 'a b,c' }, 'groups')).toEqual(['a', 'b', 'c']);
    expect(readClaimValues({ realm_access: { roles: ['admin'] } }, 'realm_access.roles')).toEqual(['admin']);
    expect(readClaimValues({}, 'groups')).toEqual([]);
  });

  it('matches emails exactly (case-insensitive), @domain as a suffix, and anything else as a group', () => {
    expect(isListed(['Ana@Team.example'], { email: 'ana@team.example', groups: [] })).toBe(true);
    expect(isListed(['@team.example'], { email: 'bo@team.example', groups: [] })).toBe(true);
    expect(isListed(['@team.example'], { email: 'bo@evilteam.example', groups: [] })).toBe(false);
    expect(isListed(['platform-admins'], { email: null, groups: ['platform-admins'] })).toBe(true);
    expect(isListed(['ana@team.example'], { email: null, groups: ['ana@team.example'] })).toBe(false);
  });

  it('trusts an email for the lists only when the provider does not say it is unverified', () => {
    const unverified = describeUser({ sub: 's1', email: 'ana@team.example', email_verified: false }, env, 'h');
    expect(unverified).toMatchObject({ email: null, isAdmin: false, identity: 's1' });
    expect(isAllowedUser(unverified, env)).toBe(false);
    const admin = describeUser({ sub: 's2', email: 'ANA@team.example', email_verified: true, name: 'Ana' }, env, 'h');
    expect(admin).toMatchObject({ id: 's2', email: 'ana@team.example', identity: 'ana@team.example', isAdmin: true, name: 'Ana' });
    const byGroup = describeUser({ sub: 's3', groups: ['platform-admins'] }, env, 'h');
    expect(byGroup.isAdmin).toBe(true);
    expect(isAllowedUser(byGroup, env)).toBe(true);
    expect(isAllowedUser(describeUser({ sub: 's4', email: 'x@other.example' }, env, 'h'), env)).toBe(false);
    expect(isAllowedUser(describeUser({ sub: 's5', email: 'x@other.example', groups: ['contractors'] }, env, 'h'), env)).toBe(true);
  });
});

describe('ON_BEHALF_OF_POLICY', () => {
  const user = (claims: Record<string, unknown>): Actor => ({ kind: 'user', user: describeUser({ sub: 'sub-bo', email: 'bo@team.example', ...claims }, env, 'h') });
  const withPolicy = (policy: string) => parseEnv({ OIDC_ISSUER: 'https://login.example.com', OIDC_CLIENT_ID: 'p', OIDC_CLIENT_SECRET: 's', PLAYGROUND_PUBLIC_URL: 'https://play.example.com', ON_BEHALF_OF_POLICY: policy });

  it('free passes the requested value; the server\'s own work is never limited', () => {
    expect(applyOnBehalfOfPolicy(withPolicy('free'), user({}), 'alice')).toBe('alice');
    expect(applyOnBehalfOfPolicy(withPolicy('claim'), { kind: 'system', name: 'job-refresher' }, 'alice')).toBe('alice');
  });

  it('self sends the identity whatever was asked, and its subject when the identity is not a valid header value', () => {
    expect(applyOnBehalfOfPolicy(withPolicy('self'), user({}), 'mallory')).toBe('bo@team.example');
    expect(applyOnBehalfOfPolicy(withPolicy('self'), user({}), null)).toBe('bo@team.example');
    expect(applyOnBehalfOfPolicy(withPolicy('self'), user({ email: 'bö@team.example' }), null)).toBe('sub-bo');
    expect(describeOnBehalfOf(withPolicy('self'), user({}))).toEqual({ policy: 'self', value: 'bo@team.example', allowed: null, claim: null });
  });

  it('claim allows the listed values and refuses others or none with 403 naming the field', () => {
    const actor = user({ on_behalf_of: ['acme-1', 'acme-2'] });
    expect(applyOnBehalfOfPolicy(withPolicy('claim'), actor, 'acme-2')).toBe('acme-2');
    for (const requested of ['acme-3', null]) {
      expect(() => applyOnBehalfOfPolicy(withPolicy('claim'), actor, requested)).toThrow(expect.objectContaining({ status: 403, param: 'X-On-Behalf-Of', code: 'on_behalf_of_not_allowed' }));
    }
    expect(() => applyOnBehalfOfPolicy(withPolicy('claim'), actor, 'acme-3', 'on_behalf_of')).toThrow(expect.objectContaining({ param: 'on_behalf_of' }));
    expect(describeOnBehalfOf(withPolicy('claim'), actor)).toEqual({ policy: 'claim', value: null, allowed: ['acme-1', 'acme-2'], claim: 'on_behalf_of' });
  });
});

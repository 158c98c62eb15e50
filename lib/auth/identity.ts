// Who is acting: a signed-in person (with what the provider says about them), the one shared playground, or the server itself; pure rules.
import type { Viewer } from '@/lib/db/owner';
import type { Env } from '@/lib/env-schema';

/** A person signed in with the OpenID provider, as the latest sign-in or refresh described them. */
export interface SignedInUser {
  /** The provider's subject (`sub`): what owns data and what the audit log names. */
  id: string;
  email: string | null;
  name: string | null;
  /** The value of OIDC_IDENTITY_CLAIM (email by default), else the subject: sent as X-On-Behalf-Of under `self`. */
  identity: string;
  groups: string[];
  /** The values of ON_BEHALF_OF_CLAIM: whom this user may act for under `claim`. */
  onBehalfOfValues: string[];
  isAdmin: boolean;
  /** The session this request came with (what an admin ends it by). */
  sessionHandle: string;
}

/**
 * Who a call is made for: a signed-in user; `shared` when there is no personal sign-in (the access token, or an open
 * loopback playground: everyone is the same playground); `system` for the server's own work (job refresher, probes).
 */
export type Actor = { kind: 'user'; user: SignedInUser } | { kind: 'shared' } | { kind: 'system'; name: string };

export const SHARED_ACTOR: Actor = { kind: 'shared' };

export function systemActor(name: string): Actor {
  return { kind: 'system', name };
}

/** The id that owns what this actor makes: the user's subject, or null (shared data, as before sign-in existed). */
export function ownerIdOf(actor: Actor): string | null {
  return actor.kind === 'user' ? actor.user.id : null;
}

/** Whose data an actor reads and writes (lib/db/owner.ts): a user's own, or everything without personal sign-in. */
export function viewerOf(actor: Actor): Viewer {
  return { ownerId: ownerIdOf(actor) };
}

/** How the audit log and the admin pages name an actor. */
export function actorLabel(actor: Actor): string {
  if (actor.kind === 'user') return actor.user.email ?? actor.user.identity;
  return actor.kind === 'system' ? `system: ${actor.name}` : 'shared';
}

function asStrings(value: unknown): string[] {
  if (typeof value === 'string') return value.split(/[\s,]+/).filter(Boolean);
  if (Array.isArray(value)) return value.filter((entry): entry is string => typeof entry === 'string' && entry.length > 0);
  return [];
}

/** A claim's values (a string, a space- or comma-separated string, or an array of strings); a dotted name reads nested objects. */
export function readClaimValues(claims: Record<string, unknown>, name: string): string[] {
  if (name in claims) return asStrings(claims[name]);
  let value: unknown = claims;
  for (const part of name.split('.')) {
    if (!value || typeof value !== 'object') return [];
    value = (value as Record<string, unknown>)[part];
  }
  return asStrings(value);
}

/** The email to trust for access lists: none when the provider says it is not verified. */
export function verifiedEmailOf(claims: Record<string, unknown>): string | null {
  const email = typeof claims.email === 'string' ? claims.email.trim().toLowerCase() : '';
  if (!email || claims.email_verified === false || claims.email_verified === 'false') return null;
  return email;
}

/** Whether an access list (PLAYGROUND_ADMINS, PLAYGROUND_USERS) names this person: an email, `@domain`, or a group. */
export function isListed(list: readonly string[], person: { email: string | null; groups: readonly string[] }): boolean {
  return list.some((raw) => {
    const entry = raw.trim();
    if (entry.startsWith('@')) return !!person.email && person.email.endsWith(entry.toLowerCase());
    if (entry.includes('@')) return person.email === entry.toLowerCase();
    return person.groups.includes(entry);
  });
}

type ClaimSettings = Pick<Env, 'OIDC_IDENTITY_CLAIM' | 'OIDC_GROUPS_CLAIM' | 'ON_BEHALF_OF_CLAIM' | 'PLAYGROUND_ADMINS' | 'PLAYGROUND_USERS'>;

/** A signed-in user from the provider's claims and the settings (admins are decided now, so a settings change applies at once). */
export function describeUser(claims: Record<string, unknown>, env: ClaimSettings, sessionHandle: string): SignedInUser {
  const id = String(claims.sub ?? '');
  const email = verifiedEmailOf(claims);
  const groups = readClaimValues(claims, env.OIDC_GROUPS_CLAIM);
  const identity = (env.OIDC_IDENTITY_CLAIM === 'email' ? email : readClaimValues(claims, env.OIDC_IDENTITY_CLAIM)[0]) ?? id;
  return {
    id,
    email,
    name: typeof claims.name === 'string' ? claims.name : null,
    identity,
    groups,
    onBehalfOfValues: readClaimValues(claims, env.ON_BEHALF_OF_CLAIM),
    isAdmin: isListed(env.PLAYGROUND_ADMINS, { email, groups }),
    sessionHandle,
  };
}

/** Whether this person may use the playground: PLAYGROUND_USERS unset (anyone the provider signs in), listed there, or an admin. */
export function isAllowedUser(user: Pick<SignedInUser, 'email' | 'groups' | 'isAdmin'>, env: Pick<Env, 'PLAYGROUND_USERS'>): boolean {
  return env.PLAYGROUND_USERS.length === 0 || user.isAdmin || isListed(env.PLAYGROUND_USERS, user);
}

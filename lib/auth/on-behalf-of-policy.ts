// ON_BEHALF_OF_POLICY, enforced server-side: free (any value), self (the signed-in user's identity), claim (values an ID-token claim lists).
import 'server-only';
import { onBehalfOfPolicy, type Env, type OnBehalfOfPolicy } from '@/lib/env-schema';
import { ApiError, parseOnBehalfOf } from '@/lib/schema';
import type { Actor } from './identity';

const HEADER = 'X-On-Behalf-Of';

type PolicySettings = Pick<Env, 'OIDC_ISSUER' | 'ON_BEHALF_OF_POLICY' | 'ON_BEHALF_OF_CLAIM'>;

/** What the request form shows: the policy, the one value `self` sends, the values `claim` allows. */
export interface OnBehalfOfRule {
  policy: OnBehalfOfPolicy;
  /** Under `self`: the value the server sends whatever the browser says. */
  value: string | null;
  /** Under `claim`: the values this user may send (from ON_BEHALF_OF_CLAIM). */
  allowed: string[] | null;
  claim: string | null;
}

/** The signed-in user's identity as a valid header value (their subject when the identity claim is not printable ASCII). */
function selfValue(actor: Actor): string | null {
  if (actor.kind !== 'user') return null;
  const identity = parseOnBehalfOf(actor.user.identity);
  return identity.ok && identity.value ? identity.value : actor.user.id;
}

export function describeOnBehalfOf(env: PolicySettings, actor: Actor | null): OnBehalfOfRule {
  const policy = onBehalfOfPolicy(env);
  return {
    policy,
    value: policy === 'self' && actor ? selfValue(actor) : null,
    allowed: policy === 'claim' && actor?.kind === 'user' ? actor.user.onBehalfOfValues : null,
    claim: policy === 'claim' ? env.ON_BEHALF_OF_CLAIM : null,
  };
}

/**
 * The X-On-Behalf-Of a call may send for this actor, given what the browser asked for (already parsed by the one header
 * rule): `free` keeps it, `self` replaces it with the user's identity, `claim` keeps it only when the user's claim lists
 * it (403 naming the header otherwise, an absent value included). The server's own work (system actors) is not limited.
 */
export function applyOnBehalfOfPolicy(env: PolicySettings, actor: Actor, requested: string | null, param: string = HEADER): string | null {
  const policy = onBehalfOfPolicy(env);
  if (policy === 'free' || actor.kind === 'system') return requested;
  if (policy === 'self') return selfValue(actor);
  const allowed = actor.kind === 'user' ? actor.user.onBehalfOfValues : [];
  if (requested !== null && allowed.includes(requested.trim())) return requested.trim();
  const listed = allowed.length > 0 ? `your account allows ${allowed.map((value) => JSON.stringify(value)).join(', ')}` : 'your account lists no one';
  const asked = requested === null ? 'none was sent' : `${JSON.stringify(requested.slice(0, 100))} is not one of them`;
  throw new ApiError(403, `${param} must name a user your ${env.ON_BEHALF_OF_CLAIM} claim lists (ON_BEHALF_OF_POLICY=claim): ${listed}, and ${asked}.`, {
    type: 'permission_error',
    param,
    code: 'on_behalf_of_not_allowed',
  });
}

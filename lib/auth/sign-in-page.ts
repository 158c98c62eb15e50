// What the sign-in page says: which sign-in applies, where its button goes, and each refusal in words.
import 'server-only';
import { getEnv } from '@/lib/env';
import { signInMode } from '@/lib/env-schema';
import { safeNextPath } from './access';

const SIGN_IN_ERRORS: Record<string, string> = {
  access_denied: 'The sign-in was cancelled or refused at the provider.',
  not_allowed: 'Your account may not use this playground (it is not named by PLAYGROUND_USERS). Ask an admin to add you.',
  state_mismatch: 'This sign-in was not started in this browser (or its cookie was lost). Start again.',
  sign_in_expired: 'The sign-in took too long or was already used. Start again.',
  provider_error: 'The provider did not complete the sign-in. Start again; if it keeps failing, ask an admin to check the OIDC_ settings.',
  provider_unreachable: 'The provider could not be reached. Try again shortly.',
  rate_limited: 'Too many sign-in attempts from here; wait a minute and try again.',
  ended: 'Your session has ended. Sign in again.',
};

export function describeSignInError(code: string): string {
  return SIGN_IN_ERRORS[code] ?? 'The sign-in did not complete. Start again.';
}

export type SignInPage = { mode: 'oidc'; providerHost: string; signInHref: string } | { mode: 'token' | 'none' };

export function describeSignInPage(next: string): SignInPage {
  const env = getEnv();
  const mode = signInMode(env);
  if (mode !== 'oidc' || !env.OIDC_ISSUER) return { mode: mode === 'oidc' ? 'none' : mode };
  return { mode, providerHost: new URL(env.OIDC_ISSUER).host, signInHref: `/api/auth/signin?next=${encodeURIComponent(safeNextPath(next))}` };
}

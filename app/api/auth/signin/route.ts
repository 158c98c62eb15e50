// GET /api/auth/signin: starts a personal sign-in with the OpenID provider.
import { handleOidcSignIn } from '@/lib/auth/oidc-sign-in';

export const dynamic = 'force-dynamic';

export function GET(request: Request) {
  return handleOidcSignIn(request);
}

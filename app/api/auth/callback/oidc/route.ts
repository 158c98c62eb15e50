// GET /api/auth/callback/oidc: the redirect URI registered with the OpenID provider.
import { handleOidcCallback } from '@/lib/auth/oidc-sign-in';

export const dynamic = 'force-dynamic';

export function GET(request: Request) {
  return handleOidcCallback(request);
}

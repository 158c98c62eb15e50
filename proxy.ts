// Next.js middleware (this file name is fixed by Next.js 16): applies lib/auth's access rules to every request, refuses oversized proxy bodies, and sets a nonce CSP on pages.
import { NextResponse, type NextRequest } from 'next/server';
import { getEnv } from '@/lib/env';
import { decideAccess, SESSION_COOKIE } from '@/lib/auth/access';
import { buildContentSecurityPolicy, createNonce } from '@/lib/security/headers';

function ownOrigins(request: NextRequest, publicUrl: string | undefined): string[] {
  const origins = [request.nextUrl.origin];
  const host = request.headers.get('host');
  if (host) origins.push(`${request.nextUrl.protocol}//${host}`);
  if (publicUrl) origins.push(new URL(publicUrl).origin);
  return origins;
}

function envelope(status: number, message: string, type: string, code: string) {
  return NextResponse.json({ error: { message, type, param: null, code } }, { status, headers: { 'Cache-Control': 'no-store' } });
}

export function proxy(request: NextRequest) {
  const env = getEnv();
  const { pathname, search } = request.nextUrl;
  const decision = decideAccess({
    method: request.method,
    pathname,
    origin: request.headers.get('origin'),
    ownOrigins: ownOrigins(request, env.PLAYGROUND_PUBLIC_URL),
    accessToken: env.PLAYGROUND_ACCESS_TOKEN,
    sessionCookie: request.cookies.get(SESSION_COOKIE)?.value,
  });
  if (decision === 'cross-origin') return envelope(403, 'Cross-origin requests may not change state here; send it from this playground.', 'permission_error', 'cross_origin_request');
  if (decision === 'unauthorized') return envelope(401, 'Sign in with the access token at /login first.', 'authentication_error', 'session_required');
  if (pathname.startsWith('/api/responses') && Number(request.headers.get('content-length')) > env.PROXY_BODY_LIMIT_BYTES) {
    // Refused here because Next.js buffers (and past its own cap truncates) bodies that pass through the proxy.
    return envelope(413, `The request body is larger than ${env.PROXY_BODY_LIMIT_BYTES} bytes (PROXY_BODY_LIMIT_BYTES).`, 'invalid_request_error', 'request_too_large');
  }
  if (decision === 'login') {
    const login = new URL('/login', request.url);
    login.searchParams.set('next', `${pathname}${search}`);
    return NextResponse.redirect(login, 303);
  }
  if (pathname.startsWith('/api/')) return NextResponse.next();
  return withContentSecurityPolicy(request);
}

/** Pages render dynamically with this request's nonce: Next.js reads it from the request's CSP header and puts it on its scripts. */
function withContentSecurityPolicy(request: NextRequest) {
  const policy = buildContentSecurityPolicy(createNonce(), { isDev: process.env.NODE_ENV !== 'production' });
  const requestHeaders = new Headers(request.headers);
  requestHeaders.set('Content-Security-Policy', policy);
  const response = NextResponse.next({ request: { headers: requestHeaders } });
  response.headers.set('Content-Security-Policy', policy);
  return response;
}

export const config = {
  matcher: ['/((?!_next/static|_next/image|favicon.ico).*)'],
};

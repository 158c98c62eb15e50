// What proxy.ts does to every request: known host names only, same-origin state changes, a live session when a token is set, and security headers.
import 'server-only';
import { NextResponse, type NextRequest } from 'next/server';
import { getEnv } from '@/lib/env';
import type { Env } from '@/lib/env-schema';
import { bodyTooLarge } from '@/lib/http/body';
import { ApiError, toErrorBody } from '@/lib/schema/errors';
import { buildContentSecurityPolicy, createNonce } from '@/lib/security/headers';
import { decideAccess } from './access';
import { isHttpsRequest } from './client-key';
import { isAllowedHost } from './hosts';
import { hasActiveSession } from './session';

const HSTS = 'max-age=31536000';

function ownOrigins(request: NextRequest, publicUrl: string | undefined): string[] {
  const origins = [request.nextUrl.origin];
  const host = request.headers.get('host');
  if (host) origins.push(`${request.nextUrl.protocol}//${host}`);
  if (publicUrl) origins.push(new URL(publicUrl).origin);
  return origins;
}

function errorReply(error: ApiError) {
  return NextResponse.json(toErrorBody(error), { status: error.status, headers: { 'Cache-Control': 'no-store' } });
}

function envelope(status: number, message: string, type: string, code: string) {
  return errorReply(new ApiError(status, message, { type, code }));
}

async function decide(request: NextRequest, env: Env): Promise<NextResponse> {
  const { pathname, search } = request.nextUrl;
  const host = request.headers.get('host');
  if (!isAllowedHost(host, env)) {
    // A name we were not told about: a DNS-rebinding page would otherwise act here with the server's key.
    return envelope(421, `This playground does not answer to the host name ${JSON.stringify((host ?? '').slice(0, 100))}; use 127.0.0.1, localhost or the host of PLAYGROUND_PUBLIC_URL.`, 'invalid_request_error', 'unknown_host');
  }
  const token = env.PLAYGROUND_ACCESS_TOKEN;
  const decision = await decideAccess({
    method: request.method,
    pathname,
    origin: request.headers.get('origin'),
    ownOrigins: ownOrigins(request, env.PLAYGROUND_PUBLIC_URL),
    accessToken: token,
    hasSession: () => (token ? hasActiveSession(request, token) : Promise.resolve(true)),
  });
  if (decision === 'cross-origin') return envelope(403, 'Cross-origin requests may not change state here; send it from this playground.', 'permission_error', 'cross_origin_request');
  if (decision === 'unauthorized') return envelope(401, 'Sign in with the access token at /login first.', 'authentication_error', 'session_required');
  if (pathname.startsWith('/api/responses') && Number(request.headers.get('content-length')) > env.PROXY_BODY_LIMIT_BYTES) {
    // Refused here because Next.js buffers (and past its own cap truncates) bodies that pass through the proxy.
    return errorReply(bodyTooLarge({ bytes: env.PROXY_BODY_LIMIT_BYTES, name: 'PROXY_BODY_LIMIT_BYTES' }));
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

export async function guardRequest(request: NextRequest): Promise<NextResponse> {
  const env = getEnv();
  let response: NextResponse;
  try {
    response = await decide(request, env);
  } catch {
    console.error('[auth] the session store could not be read');
    response = envelope(503, 'Sessions cannot be checked right now (the database is unavailable); try again shortly.', 'server_error', 'session_store_unavailable');
  }
  if (isHttpsRequest(request.url, request.headers, env.TRUST_PROXY)) response.headers.set('Strict-Transport-Security', HSTS);
  return response;
}

// What proxy.ts does to every request (and guardedRoute to the routes it skips): known host names only, same-origin state changes, a live session when a token is set, and security headers.
import 'server-only';
import { NextResponse, type NextRequest } from 'next/server';
import { getEnv } from '@/lib/env';
import { signInMode, type Env } from '@/lib/env-schema';
import { bodyTooLarge } from '@/lib/http/body';
import { ApiError, toErrorBody } from '@/lib/schema/errors';
import { buildContentSecurityPolicy, createNonce } from '@/lib/security/headers';
import { decideAccess } from './access';
import { isHttpsRequest } from './client-key';
import { isAllowedHost } from './hosts';
import { readActor } from './current-actor';

const HSTS = 'max-age=31536000';

function ownOrigins(request: Request, url: URL, publicUrl: string | undefined): string[] {
  const origins = [url.origin];
  const host = request.headers.get('host');
  if (host) origins.push(`${url.protocol}//${host}`);
  if (publicUrl) origins.push(new URL(publicUrl).origin);
  return origins;
}

function errorReply(error: ApiError) {
  return NextResponse.json(toErrorBody(error), { status: error.status, headers: { 'Cache-Control': 'no-store' } });
}

function envelope(status: number, message: string, type: string, code: string) {
  return errorReply(new ApiError(status, message, { type, code }));
}

/** The refusal a request gets (421, 403, 401, 413, the admins-only page), `login` for a page that needs a session, or null when it may go on. */
async function refusalOf(request: Request, url: URL, env: Env, host: string | null): Promise<NextResponse | 'login' | null> {
  const { pathname } = url;
  if (!isAllowedHost(host, env)) {
    // A name we were not told about: a DNS-rebinding page would otherwise act here with the server's key.
    return envelope(421, `This playground does not answer to the host name ${JSON.stringify((host ?? '').slice(0, 100))}; use 127.0.0.1, localhost or the host of PLAYGROUND_PUBLIC_URL.`, 'invalid_request_error', 'unknown_host');
  }
  const mode = signInMode(env);
  const decision = await decideAccess({
    method: request.method,
    pathname,
    origin: request.headers.get('origin'),
    ownOrigins: ownOrigins(request, url, env.PLAYGROUND_PUBLIC_URL),
    isSignInRequired: mode !== 'none',
    readActor: () => readActor(request, { refresh: true }),
  });
  if (decision === 'cross-origin') return envelope(403, 'Cross-origin requests may not change state here; send it from this playground.', 'permission_error', 'cross_origin_request');
  if (decision === 'unauthorized') {
    const how = mode === 'oidc' ? 'with your account at /login' : 'with the access token at /login';
    return envelope(401, `Sign in ${how} first.`, 'authentication_error', 'session_required');
  }
  if (decision === 'forbidden') {
    if (pathname.startsWith('/api/')) return envelope(403, 'Only admins (PLAYGROUND_ADMINS) may use this.', 'permission_error', 'admin_required');
    return adminsOnlyPage();
  }
  if (pathname.startsWith('/api/responses') && Number(request.headers.get('content-length')) > env.PROXY_BODY_LIMIT_BYTES) {
    // Refused before the body is read (behind proxy.ts, Next.js buffers, and past its own cap truncates, bodies it passes on).
    return errorReply(bodyTooLarge({ bytes: env.PROXY_BODY_LIMIT_BYTES, name: 'PROXY_BODY_LIMIT_BYTES' }));
  }
  return decision === 'login' ? 'login' : null;
}

async function decide(request: NextRequest, env: Env): Promise<NextResponse> {
  const { pathname, search } = request.nextUrl;
  const refusal = await refusalOf(request, request.nextUrl, env, request.headers.get('host'));
  if (refusal === 'login') {
    const login = new URL('/login', request.url);
    login.searchParams.set('next', `${pathname}${search}`);
    return NextResponse.redirect(login, 303);
  }
  if (refusal) return refusal;
  if (pathname.startsWith('/api/')) return NextResponse.next();
  return withContentSecurityPolicy(request);
}

/** A plain page (no script, nothing loaded) for a signed-in user who opened an admin page. */
function adminsOnlyPage() {
  const html =
    '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Admins only</title></head><body>' +
    '<h1>Admins only</h1><p>This page is for the admins named by PLAYGROUND_ADMINS.</p><p><a href="/">Back to the playground</a></p></body></html>';
  return new NextResponse(html, {
    status: 403,
    headers: { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store', 'Content-Security-Policy': "default-src 'none'" },
  });
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

function sessionStoreDown(): NextResponse {
  console.error('[auth] the session store could not be read');
  return envelope(503, 'Sessions cannot be checked right now (the database is unavailable); try again shortly.', 'server_error', 'session_store_unavailable');
}

function withTransportSecurity<R extends Response>(request: Request, response: R, env: Env): R {
  if (isHttpsRequest(request.url, request.headers, env.TRUST_PROXY)) response.headers.set('Strict-Transport-Security', HSTS);
  return response;
}

/** A route's reply with HSTS (over https), also when its headers are read-only (a reply passed on as fetch gave it). */
function withRouteTransportSecurity(request: Request, response: Response, env: Env): Response {
  try {
    return withTransportSecurity(request, response, env);
  } catch {
    return withTransportSecurity(request, new Response(response.body, response), env);
  }
}

export async function guardRequest(request: NextRequest): Promise<NextResponse> {
  const env = getEnv();
  let response: NextResponse;
  try {
    response = await decide(request, env);
  } catch {
    response = sessionStoreDown();
  }
  return withTransportSecurity(request, response, env);
}

/**
 * The same guard, run by an API route that proxy.ts skips (see its matcher: the proxy's hot path saves Next.js's middleware
 * pass and its copy of the body): the refusal proxy.ts would have answered, else the handler's reply, with the same headers.
 */
export function guardedRoute<Args extends unknown[]>(handler: (request: Request, ...rest: Args) => Promise<Response>): (request: Request, ...rest: Args) => Promise<Response> {
  return async (request, ...rest) => {
    const env = getEnv();
    let refusal: NextResponse | 'login' | null;
    const url = new URL(request.url);
    try {
      // Without a Host header (a route called in-process; no browser omits it) the name is the URL's, which Next.js took from it.
      refusal = await refusalOf(request, url, env, request.headers.get('host') ?? url.host);
    } catch {
      refusal = sessionStoreDown();
    }
    // An API path never gets `login` (it is 401 there); should one, it is refused, not let through.
    if (refusal === 'login') refusal = envelope(401, 'Sign in at /login first.', 'authentication_error', 'session_required');
    if (refusal) return withTransportSecurity(request, refusal, env);
    return withRouteTransportSecurity(request, await handler(request, ...rest), env);
  };
}

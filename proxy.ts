// Next.js middleware (Next.js 16 fixes this file name): every request passes lib/auth's guard (host names, same-origin, sessions, CSP).
// The proxy's routes (/api/responses/**) run the same guard themselves (guardedRoute): a middleware pass costs the hot path
// a request object, a copy of the body and a hop before the gateway is called.
import type { NextRequest } from 'next/server';
import { guardRequest } from '@/lib/auth/guard';

export function proxy(request: NextRequest) {
  return guardRequest(request);
}

export const config = {
  matcher: ['/((?!api/responses(?:/|$)|_next/static|_next/image|favicon.ico).*)'],
};

// Next.js middleware (Next.js 16 fixes this file name): every request passes lib/auth's guard (host names, same-origin, sessions, CSP).
import type { NextRequest } from 'next/server';
import { guardRequest } from '@/lib/auth/guard';

export function proxy(request: NextRequest) {
  return guardRequest(request);
}

export const config = {
  matcher: ['/((?!_next/static|_next/image|favicon.ico).*)'],
};

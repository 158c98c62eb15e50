// /api/session: access-token sign-in status (GET), sign in (POST), sign out (DELETE).
import { describeSession, signIn, signOut } from '@/lib/auth/session';

export const dynamic = 'force-dynamic';

export function GET(request: Request) {
  return describeSession(request);
}

export function POST(request: Request) {
  return signIn(request);
}

export function DELETE(request: Request) {
  return signOut(request);
}

// The chain index: GET the forest of seen responses (optionally one user's), POST what a lookup saw.
import { getDb } from '@/lib/db';
import { getChainIndex, recordLookup, withErrors } from '@/lib/chains/api';

export const dynamic = 'force-dynamic';

export function GET(request: Request) {
  return withErrors('index', async () => getChainIndex(await getDb(), request));
}

export function POST(request: Request) {
  return withErrors('record', async () => recordLookup(await getDb(), request));
}

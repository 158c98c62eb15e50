// The chain index: GET the forest of seen responses (optionally one user's), POST what a lookup saw.
import { getDb } from '@/lib/db';
import { getChainIndex, recordLookup } from '@/lib/chains/api';
import { withRoute } from '@/lib/http/route';

export const dynamic = 'force-dynamic';

export const GET = withRoute('GET /api/chains', async (request: Request) => getChainIndex(await getDb(), request));

export const POST = withRoute('POST /api/chains', async (request: Request) => recordLookup(await getDb(), request));

// Makes a new compare grid from a draft (loaded with the first Compare): its body is the base, its input the first row, its user
// the grid's; credentials are left out (grids are stored, credentials never are) and their fields are returned to be named.
import { fetchJson } from '@/lib/http/client';
import { findCredentials, stripCredentials } from '@/lib/schema/credentials';
import type { RequestDraft } from './request-draft';

export async function createCompareGrid({ body, onBehalfOf }: RequestDraft): Promise<{ id: string; removed: string[] }> {
  const { input, ...rest } = body;
  const removed = findCredentials(rest).map((found) => found.param);
  const model = typeof rest.model === 'string' && rest.model ? rest.model : 'variant 1';
  const grid = await fetchJson<{ id: string }>('/api/grids', {
    method: 'POST',
    json: {
      name: `Compare ${model}`,
      base: stripCredentials(rest),
      on_behalf_of: onBehalfOf.trim() || null,
      variants: [{ label: model.slice(0, 100), patch: {} }],
      rows: [{ label: 'row 1', input: input ?? '' }],
      checks: [],
    },
  });
  return { id: grid.id, removed };
}

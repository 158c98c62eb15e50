// GET /api/presets lists named presets; PUT {name, body} saves one; DELETE ?name= removes one.
import { getDb } from '@/lib/db';
import { readJsonBody, withRoute } from '@/lib/http/route';
import { toSnakeCase } from '@/lib/http/snake-case';
import { deletePreset, listPresets, presetNameSchema, savePreset, savePresetSchema } from '@/lib/presets/store';
import { ApiError } from '@/lib/schema';

export const dynamic = 'force-dynamic';

export const GET = withRoute('GET /api/presets', async () =>
  Response.json({ object: 'list', data: toSnakeCase(await listPresets(await getDb())) }, { headers: { 'Cache-Control': 'no-store' } }),
);

export const PUT = withRoute('PUT /api/presets', async (request: Request) => {
  const { name, body } = await readJsonBody(request, savePresetSchema);
  await savePreset(await getDb(), name, body);
  return Response.json({ name, saved: true });
});

export const DELETE = withRoute('DELETE /api/presets', async (request: Request) => {
  const name = presetNameSchema.safeParse(new URL(request.url).searchParams.get('name') ?? '');
  if (!name.success) throw new ApiError(400, 'Give the preset to delete as ?name=.', { param: 'name', code: 'invalid_value' });
  const isDeleted = await deletePreset(await getDb(), name.data);
  if (!isDeleted) throw new ApiError(404, `No preset named '${name.data}'.`, { type: 'not_found_error', param: 'name', code: 'not_found' });
  return Response.json({ name: name.data, deleted: true });
});

// GET /api/presets?view= lists named presets (yours by default; view=team: shared ones); PUT {name, body, shared?} saves one;
// PATCH {name, shared} shares one; DELETE ?name= removes one. Another user's preset is never changed (404).
import { readOwnerView, requireViewer } from '@/lib/auth/current-actor';
import { getDb } from '@/lib/db';
import { readJsonBody, withRoute } from '@/lib/http/route';
import { toSnakeCase } from '@/lib/http/snake-case';
import { deletePreset, listPresets, presetNameSchema, savePreset, savePresetSchema, setPresetShared } from '@/lib/presets/store';
import { ApiError, shareBodySchema } from '@/lib/schema';

export const dynamic = 'force-dynamic';

function presetNotFound(name: string): ApiError {
  return new ApiError(404, `No preset named '${name}'.`, { type: 'not_found_error', param: 'name', code: 'not_found' });
}

export const GET = withRoute('GET /api/presets', async (request: Request) =>
  Response.json({ object: 'list', data: toSnakeCase(await listPresets(await getDb(), await requireViewer(request), readOwnerView(request))) }, { headers: { 'Cache-Control': 'no-store' } }),
);

export const PUT = withRoute('PUT /api/presets', async (request: Request) => {
  const { name, body, shared } = await readJsonBody(request, savePresetSchema);
  await savePreset(await getDb(), name, body, await requireViewer(request), shared);
  return Response.json({ name, saved: true });
});

export const PATCH = withRoute('PATCH /api/presets', async (request: Request) => {
  const { name, shared } = await readJsonBody(request, shareBodySchema.extend({ name: presetNameSchema }));
  const preset = await setPresetShared(await getDb(), name, shared, await requireViewer(request));
  if (!preset) throw presetNotFound(name);
  return Response.json(toSnakeCase(preset), { headers: { 'Cache-Control': 'no-store' } });
});

export const DELETE = withRoute('DELETE /api/presets', async (request: Request) => {
  const name = presetNameSchema.safeParse(new URL(request.url).searchParams.get('name') ?? '');
  if (!name.success) throw new ApiError(400, 'Give the preset to delete as ?name=.', { param: 'name', code: 'invalid_value' });
  const isDeleted = await deletePreset(await getDb(), name.data, await requireViewer(request));
  if (!isDeleted) throw presetNotFound(name.data);
  return Response.json({ name: name.data, deleted: true });
});

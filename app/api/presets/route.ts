// GET /api/presets lists named presets; PUT {name, body} saves one; DELETE ?name= removes one.
import { getDb } from '@/lib/db';
import { deletePreset, listPresets, presetNameSchema, savePreset, savePresetSchema } from '@/lib/presets/store';
import { makeApiError, zodPathToParam } from '@/lib/schema';

export const dynamic = 'force-dynamic';

export async function GET() {
  return Response.json({ object: 'list', data: await listPresets(await getDb()) }, { headers: { 'Cache-Control': 'no-store' } });
}

export async function PUT(request: Request) {
  const raw: unknown = await request.json().catch(() => undefined);
  if (raw === undefined) return Response.json(makeApiError('The body is not valid JSON.', { code: 'invalid_json' }), { status: 400 });
  const parsed = savePresetSchema.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const param = zodPathToParam(issue?.path ?? []);
    return Response.json(makeApiError(`Invalid '${param}': ${issue?.message ?? 'invalid value'}.`, { param, code: 'invalid_value' }), { status: 400 });
  }
  await savePreset(await getDb(), parsed.data.name, parsed.data.body);
  return Response.json({ name: parsed.data.name, saved: true });
}

export async function DELETE(request: Request) {
  const name = presetNameSchema.safeParse(new URL(request.url).searchParams.get('name') ?? '');
  if (!name.success) return Response.json(makeApiError('Give the preset to delete as ?name=.', { param: 'name', code: 'invalid_value' }), { status: 400 });
  const isDeleted = await deletePreset(await getDb(), name.data);
  if (!isDeleted) return Response.json(makeApiError(`No preset named '${name.data}'.`, { type: 'not_found_error', param: 'name', code: 'not_found' }), { status: 404 });
  return Response.json({ name: name.data, deleted: true });
}

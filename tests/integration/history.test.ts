import { beforeAll, describe, expect, it } from 'vitest';
import { recordSentRequest } from '@/lib/history/record';
import { searchHistory, updateHistoryStatus } from '@/lib/history/store';
import { deletePreset, listPresets, savePreset } from '@/lib/presets/store';
import { DATABASE_KINDS, useTestDatabase } from '../support/databases';

describe.each(DATABASE_KINDS)('request history and presets on %s', (kind) => {
  const database = useTestDatabase(kind);
  beforeAll(async () => {
    const db = database();
    await recordSentRequest({ body: { model: 'local-echo', input: 'Tell me about Kyoto temples' }, onBehalfOf: 'alice', responseId: 'resp_kyoto', status: 'completed' }, db);
    await recordSentRequest(
      {
        body: {
          model: 'local-agent',
          instructions: 'Answer as a pirate',
          input: [{ role: 'user', content: [{ type: 'input_text', text: 'Where is the 100% treasure?' }, { type: 'input_image', image_url: 'data:image/png;base64,SECRETPIXELS' }] }],
          tools: [{ type: 'function', name: 'dig', parameters: { type: 'object' } }],
        },
        onBehalfOf: null,
        responseId: 'resp_pirate',
        status: 'in_progress',
      },
      db,
    );
    await recordSentRequest({ body: { model: 'local-reasoner', input: 'plain' }, onBehalfOf: null, responseId: null, status: null }, db);
  });

  it('lists everything newest first without a query, with the body kept whole', async () => {
    const entries = await searchHistory(database());
    expect(entries.map((entry) => entry.model)).toEqual(['local-reasoner', 'local-agent', 'local-echo']);
    expect(entries[1]?.body.tools).toEqual([{ type: 'function', name: 'dig', parameters: { type: 'object' } }]);
    expect(entries[2]).toMatchObject({ onBehalfOf: 'alice', responseId: 'resp_kyoto', status: 'completed' });
  });

  it('finds by model, by input text inside items, by instructions and by response id, case-insensitively', async () => {
    const models = async (query: string) => (await searchHistory(database(), query)).map((entry) => entry.model);
    expect(await models('ECHO')).toEqual(['local-echo']);
    expect(await models('kyoto temples')).toEqual(['local-echo']);
    expect(await models('treasure')).toEqual(['local-agent']);
    expect(await models('pirate')).toEqual(['local-agent']);
    expect(await models('resp_pirate')).toEqual(['local-agent']);
    expect(await models('local-')).toEqual(['local-reasoner', 'local-agent', 'local-echo']);
  });

  it('treats % and _ literally and does not index uploaded data', async () => {
    expect((await searchHistory(database(), '100%')).map((entry) => entry.responseId)).toEqual(['resp_pirate']);
    expect(await searchHistory(database(), 'SECRETPIXELS')).toEqual([]);
    expect(await searchHistory(database(), 'no such thing')).toEqual([]);
  });

  it('honours the limit, newest first', async () => {
    const entries = await searchHistory(database(), '', 1);
    expect(entries).toHaveLength(1);
    expect(entries[0]?.model).toBe('local-reasoner');
  });

  it('moves an entry to a later status of its response, forward only: a terminal status is never undone', async () => {
    const db = database();
    const status = async () => (await searchHistory(database(), 'resp_pirate'))[0]?.status;
    expect(await updateHistoryStatus(db, 'resp_pirate', 'queued')).toBe(0);
    expect(await status()).toBe('in_progress');
    expect(await updateHistoryStatus(db, 'resp_pirate', 'completed')).toBe(1);
    expect(await updateHistoryStatus(db, 'resp_pirate', 'in_progress')).toBe(0);
    expect(await updateHistoryStatus(db, 'resp_pirate', 'cancelled')).toBe(0);
    expect(await status()).toBe('completed');
    expect(await updateHistoryStatus(db, 'resp_unknown', 'completed')).toBe(0);
  });

  it('saves, replaces, lists and deletes named presets', async () => {
    await savePreset(database(), 'weather', { model: 'local-agent', tools: [{ type: 'function', name: 'get_weather' }] });
    await savePreset(database(), 'echo', { model: 'local-echo' });
    await savePreset(database(), 'weather', { model: 'local-agent', temperature: 0.2 });
    expect((await listPresets(database())).map(({ name, body }) => ({ name, body }))).toEqual([
      { name: 'echo', body: { model: 'local-echo' } },
      { name: 'weather', body: { model: 'local-agent', temperature: 0.2 } },
    ]);
    expect(await deletePreset(database(), 'echo')).toBe(true);
    expect(await deletePreset(database(), 'echo')).toBe(false);
    expect((await listPresets(database())).map((preset) => preset.name)).toEqual(['weather']);
  });
});

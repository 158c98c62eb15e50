'use client';
// Import into the form: a curl command, a JSON body (or response object), or a stored response id; always proposed as a diff first.
import { useState } from 'react';
import { getBrowserKeyHeaders } from '@/components/settings/browser-key';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { TextArea } from '@/components/ui/input';
import { apiUrlForId, fetchJson } from '@/lib/http/client';
import { bodyFromPastedJson, settingsFromResponse } from '@/lib/request-import/from-response';
import { findOnBehalfOf, parseCurl } from '@/lib/request-import/parse-curl';
import { isJsonObject } from './body-path';
import { useDraft } from './draft-context';
import type { PendingReplacement } from './replace-confirm';

async function importResponseId(id: string, onBehalfOf: string): Promise<Record<string, unknown>> {
  const headers: Record<string, string> = { ...getBrowserKeyHeaders(), ...(onBehalfOf ? { 'X-On-Behalf-Of': onBehalfOf } : {}) };
  let data: unknown;
  try {
    data = await fetchJson(apiUrlForId('responses', id, undefined, 'response id'), { headers });
  } catch (error) {
    throw new Error(`Response ${id} could not be retrieved: ${(error as Error).message}`);
  }
  if (!isJsonObject(data)) throw new Error(`Response ${id} could not be retrieved: the reply is not a response object.`);
  return settingsFromResponse(data);
}

export function ImportPanel({ onPropose }: { onPropose: (pending: PendingReplacement) => void }) {
  const { draft } = useDraft();
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [isBusy, setBusy] = useState(false);

  const run = async () => {
    setError(null);
    const source = text.trim();
    try {
      setBusy(true);
      if (source.startsWith('curl')) {
        const parsed = parseCurl(source);
        if (!parsed.body) throw new Error(['The curl command has no JSON body (-d/--data/--data-raw/--json).', ...parsed.warnings].join(' '));
        const onBehalfOf = findOnBehalfOf(parsed.headers);
        onPropose({
          source: 'Import curl',
          next: { body: parsed.body, onBehalfOf: onBehalfOf ?? draft.onBehalfOf },
          notes: [...(parsed.url ? [`URL ${parsed.url} (requests here go through this playground's proxy).`] : []), ...parsed.warnings],
          closesThread: true,
        });
      } else if (source.startsWith('{')) {
        const value: unknown = JSON.parse(source);
        if (!isJsonObject(value)) throw new Error('The JSON is not an object.');
        const { body, isResponse } = bodyFromPastedJson(value);
        const next = isResponse && draft.body.input !== undefined ? { ...body, input: draft.body.input } : body;
        onPropose({ source: isResponse ? 'Import response settings' : 'Import JSON body', next: { body: next, onBehalfOf: draft.onBehalfOf }, notes: isResponse ? ['A response echoes its settings, not its input: the current input is kept.'] : [], closesThread: !isResponse });
      } else if (/^[\w-]+$/.test(source)) {
        const settings = await importResponseId(source, draft.onBehalfOf.trim());
        const next = draft.body.input !== undefined ? { ...settings, input: draft.body.input } : settings;
        onPropose({ source: `Import settings of ${source}`, next: { body: next, onBehalfOf: draft.onBehalfOf }, notes: ['A response echoes its settings, not its input: the current input is kept.'] });
      } else {
        throw new Error('Paste a curl command, a JSON object, or a response id (resp_...).');
      }
    } catch (failure) {
      setError((failure as Error).message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="flex flex-col gap-2" data-testid="import-panel">
      <Field label="Import a request" hint="A curl command, a request body or response as JSON, or a response id. You see what changes before anything is replaced." error={error} errorTestId="import-error">
        <TextArea rows={6} isMono className="text-xs sm:text-xs" value={text} data-testid="import-text" onChange={(event) => setText(event.target.value)} />
      </Field>
      <Button size="sm" className="self-start" data-testid="import-preview" disabled={!text.trim()} isLoading={isBusy} onClick={run}>
        Show changes
      </Button>
    </div>
  );
}

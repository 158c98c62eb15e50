'use client';
// Editor for `input` as items: messages with a role and parts (text, image, file, audio), function_call_output, item_reference, raw JSON.
import { INPUT_ROLES, IMAGE_DETAILS } from '@/lib/schema/constants';
import { getPath, isJsonObject } from './body-path';
import { useDraftStore, useFieldSelector } from './draft-context';
import { SelectField, TextField } from './fields';
import { classifyItem, createItem, createPart, ITEM_KINDS, PART_KINDS, uploadToPart, type PartKind } from './input-items';
import { JsonValueField } from './json-value-field';
import { LIST_ROW_CLASS } from './list-row';

const smallButton = 'rounded border border-line-strong px-2 py-0.5 text-xs ';

function UploadButton({ path, kind, accept }: { path: string; kind: 'input_image' | 'input_file' | 'input_audio'; accept: string }) {
  const store = useDraftStore();
  return (
    <label className={`${smallButton} cursor-pointer self-start`}>
      Upload a file for {path}
      <input
        type="file"
        accept={accept}
        className="sr-only"
        data-testid={`upload-${path.replace(/\W+/g, '-')}`}
        onChange={async (event) => {
          const file = event.target.files?.[0];
          if (!file) return;
          const previous = getPath(store.getState().draft.body, path);
          store.setField(path, await uploadToPart(kind, file, isJsonObject(previous) ? previous : {}));
        }}
      />
    </label>
  );
}

const typeOf = (part: unknown) => (isJsonObject(part) ? part.type : undefined);

/** A message's content as the editor lays it out: text, or the number of parts (their own editors follow their kinds). */
const contentShapeOf = (content: unknown) => (typeof content === 'string' ? -1 : Array.isArray(content) ? content.length : 0);

/** The items as the list lays them out, one kind each: typing in an item changes none of them. */
const itemKindsOf = (input: unknown) => (Array.isArray(input) ? input.map(classifyItem).join(' ') : '');

function PartEditor({ path }: { path: string }) {
  const type = useFieldSelector(path, typeOf);
  if (type === 'input_text') return <TextField path={`${path}.text`} isMultiline help="Text of this part." />;
  if (type === 'input_image') {
    return (
      <div className="flex flex-col gap-1">
        <TextField path={`${path}.image_url`} help="https URL or data: URL of the image (an upload becomes a data URL)." />
        <UploadButton path={path} kind="input_image" accept="image/*" />
        <SelectField path={`${path}.detail`} options={IMAGE_DETAILS} help="Resolution the model looks at; auto by default." />
      </div>
    );
  }
  if (type === 'input_file') {
    return (
      <div className="flex flex-col gap-1">
        <TextField path={`${path}.file_url`} help="URL of the file; or upload it to send file_data with its filename." />
        <UploadButton path={path} kind="input_file" accept="*/*" />
        <TextField path={`${path}.filename`} help="Name of the uploaded file (sent with file_data)." />
      </div>
    );
  }
  if (type === 'input_audio') {
    return (
      <div className="flex flex-col gap-1">
        <UploadButton path={path} kind="input_audio" accept="audio/*" />
        <TextField path={`${path}.input_audio.format`} help="mp3 or wav; set from the uploaded file." />
      </div>
    );
  }
  return <JsonValueField path={path} help="A part the form has no editor for: edited and sent as JSON." />;
}

function MessageEditor({ path }: { path: string }) {
  const store = useDraftStore();
  const shape = useFieldSelector(`${path}.content`, contentShapeOf);
  const parts = Array.from({ length: Math.max(0, shape) });
  const setField = store.setField;
  const currentParts = () => {
    const content = getPath(store.getState().draft.body, `${path}.content`);
    return Array.isArray(content) ? content : [];
  };
  return (
    <div className="flex flex-col gap-2">
      <SelectField path={`${path}.role`} options={INPUT_ROLES} help="Who says it: developer and system outrank user; assistant replays an earlier turn." />
      {shape === -1 ? (
        <TextField path={`${path}.content`} isMultiline help="Message text (the short form of one input_text part)." />
      ) : (
        parts.map((_, index) => (
          <div key={index} className="rounded border border-line p-2">
            <div className="mb-1 flex justify-between text-xs">
              <span className="font-mono">{`${path}.content[${index}]`}</span>
              <button type="button" className={smallButton} onClick={() => setField(`${path}.content[${index}]`, undefined)}>Remove part</button>
            </div>
            <PartEditor path={`${path}.content[${index}]`} />
          </div>
        ))
      )}
      {shape !== -1 ? (
        <div className="flex flex-wrap gap-1">
          {PART_KINDS.map((kind: PartKind) => (
            <button key={kind} type="button" className={smallButton} data-testid={`add-part-${kind}`} onClick={() => setField(`${path}.content`, [...currentParts(), createPart(kind)])}>
              + {kind}
            </button>
          ))}
        </div>
      ) : null}
    </div>
  );
}

export function InputItemsEditor() {
  const store = useDraftStore();
  const setField = store.setField;
  const kinds = useFieldSelector('input', itemKindsOf);
  const currentItems = () => {
    const input = store.getState().draft.body.input;
    return Array.isArray(input) ? input : [];
  };
  return (
    <div className="flex flex-col gap-2" data-testid="input-items">
      {(kinds ? kinds.split(' ') : []).map((kind, index) => {
        const path = `input[${index}]`;
        return (
          <div key={index} className={`rounded border border-line p-2 ${LIST_ROW_CLASS}`} data-testid={`input-item-${index}`}>
            <div className="mb-1 flex justify-between text-xs">
              <span className="font-mono">{path} · {kind}</span>
              <button type="button" className={smallButton} onClick={() => setField(path, undefined)}>Remove item</button>
            </div>
            {kind === 'message' ? <MessageEditor path={path} /> : null}
            {kind === 'function_call_output' ? (
              <div className="grid gap-2 md:grid-cols-2">
                <TextField path={`${path}.call_id`} help="call_id of the function_call this answers." />
                <TextField path={`${path}.output`} isMultiline help="What the function returned (usually a JSON string)." />
              </div>
            ) : null}
            {kind === 'item_reference' ? <TextField path={`${path}.id`} help="Id of an item stored with an earlier response, reused here." /> : null}
            {kind === 'raw' ? <JsonValueField path={path} help="An item the form has no editor for: edited and sent as JSON." /> : null}
          </div>
        );
      })}
      <div className="flex flex-wrap gap-1">
        {ITEM_KINDS.map((kind) => (
          <button key={kind} type="button" className={smallButton} data-testid={`add-item-${kind}`} onClick={() => setField('input', [...currentItems(), createItem(kind)])}>
            + {kind}
          </button>
        ))}
      </div>
    </div>
  );
}

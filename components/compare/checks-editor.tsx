'use client';
// The checks every cell is judged by: a kind, its value and case option where it has them, an optional label; add and remove.
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { Select, TextInput } from '@/components/ui/input';
import { describeCheck } from '@/lib/grids/check-words';
import { RESPONSE_STATUSES } from '@/lib/schema/constants';
import { GRID_CHECK_TYPES, GRID_LIMITS, type GridCheck, type GridCheckType, type GridDefinition } from '@/lib/schema/grid';

type Update = (change: (definition: GridDefinition) => GridDefinition) => void;

const KIND_WORDS: Record<GridCheckType, string> = {
  contains: 'contains',
  not_contains: 'does not contain',
  regex: 'matches a regex',
  equals: 'equals',
  is_json: 'output is valid JSON',
  matches_schema: 'output matches text.format',
  status: 'status is',
  ttft_under: 'first token under (ms)',
  total_time_under: 'total time under (ms)',
  output_tokens_under: 'output tokens under',
  tool_called: 'tool was called',
};

const TEXT_KINDS: readonly GridCheckType[] = ['contains', 'not_contains', 'equals'];
const NUMBER_KINDS: readonly GridCheckType[] = ['ttft_under', 'total_time_under', 'output_tokens_under'];

/** A new check of a kind, keeping the value and label of the one it replaces where they still fit. */
function checkOfKind(type: GridCheckType, previous?: GridCheck): GridCheck {
  const label = previous?.label ? { label: previous.label } : {};
  const text = previous && 'value' in previous && typeof previous.value === 'string' ? previous.value : '';
  if (TEXT_KINDS.includes(type)) return { type: type as 'contains', value: text, ...label };
  if (type === 'regex') return { type, value: text, ...label };
  if (NUMBER_KINDS.includes(type)) return { type: type as 'ttft_under', value: previous && 'value' in previous && typeof previous.value === 'number' ? previous.value : 1000, ...label };
  if (type === 'status') return { type, value: 'completed', ...label };
  if (type === 'tool_called') return { type, value: text, ...label };
  return { type: type as 'is_json', ...label };
}

export function ChecksEditor({ definition, update }: { definition: GridDefinition; update: Update }) {
  const setCheck = (index: number, check: GridCheck) => update((current) => ({ ...current, checks: current.checks.map((entry, at) => (at === index ? check : entry)) }));
  const isFull = definition.checks.length >= GRID_LIMITS.checks.max;
  return (
    <section aria-labelledby="checks-heading" className="flex min-w-0 flex-col gap-2" data-testid="checks-editor">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="checks-heading" className="text-sm font-semibold text-fg">
          Checks (every cell): {definition.checks.length}
        </h2>
        <Button size="sm" data-testid="add-check" disabled={isFull} onClick={() => update((current) => ({ ...current, checks: [...current.checks, checkOfKind('contains')] }))}>
          Add check
        </Button>
      </div>
      {definition.checks.length === 0 ? <p className="text-xs text-fg-muted">No checks: a cell passes when its response completes.</p> : null}
      <ol className="flex min-w-0 flex-col gap-2">
        {definition.checks.map((check, index) => (
          <li key={index} className="flex min-w-0 flex-wrap items-center gap-2 rounded-md border border-line p-2" data-testid="check-line">
            <Select aria-label={`Kind of check ${index + 1}`} className="sm:w-auto" value={check.type} data-testid="check-type" onChange={(event) => setCheck(index, checkOfKind(event.target.value as GridCheckType, check))}>
              {GRID_CHECK_TYPES.map((type) => (
                <option key={type} value={type}>
                  {KIND_WORDS[type]}
                </option>
              ))}
            </Select>
            <CheckValue check={check} index={index} onChange={(next) => setCheck(index, next)} />
            <span className="min-w-0 text-xs text-fg-muted [overflow-wrap:anywhere]" data-testid="check-words">
              {describeCheck(check)}
            </span>
            <Button size="sm" variant="ghost" className="ml-auto" data-testid="check-remove" aria-label={`Remove check ${index + 1}`} onClick={() => update((current) => ({ ...current, checks: current.checks.filter((_, at) => at !== index) }))}>
              Remove
            </Button>
          </li>
        ))}
      </ol>
    </section>
  );
}

function CheckValue({ check, index, onChange }: { check: GridCheck; index: number; onChange(check: GridCheck): void }) {
  const name = `value of check ${index + 1}`;
  switch (check.type) {
    case 'contains':
    case 'not_contains':
    case 'equals':
      return (
        <>
          <TextInput className="w-48" aria-label={name} value={check.value} data-testid="check-value" onChange={(event) => onChange({ ...check, value: event.target.value })} />
          <Checkbox label="Case sensitive" apiName="case_sensitive" checked={check.case_sensitive === true} onChange={(event) => onChange({ ...check, case_sensitive: event.target.checked || undefined })} />
        </>
      );
    case 'regex':
      return (
        <>
          <TextInput isMono className="w-48" aria-label={name} value={check.value} data-testid="check-value" onChange={(event) => onChange({ ...check, value: event.target.value })} />
          <TextInput isMono className="w-16" aria-label={`flags of check ${index + 1}`} value={check.flags ?? ''} onChange={(event) => onChange({ ...check, flags: event.target.value || undefined })} />
        </>
      );
    case 'status':
      return (
        <Select className="sm:w-auto" aria-label={name} value={check.value} data-testid="check-value" onChange={(event) => onChange({ ...check, value: event.target.value as typeof check.value })}>
          {RESPONSE_STATUSES.map((status) => (
            <option key={status} value={status}>
              {status}
            </option>
          ))}
        </Select>
      );
    case 'ttft_under':
    case 'total_time_under':
    case 'output_tokens_under':
      return <TextInput type="number" min={1} className="w-28" aria-label={name} value={String(check.value)} data-testid="check-value" onChange={(event) => onChange({ ...check, value: Number(event.target.value) })} />;
    case 'tool_called':
      return <TextInput isMono className="w-48" aria-label={name} placeholder="get_weather, web_search…" value={check.value} data-testid="check-value" onChange={(event) => onChange({ ...check, value: event.target.value })} />;
    default:
      return null;
  }
}

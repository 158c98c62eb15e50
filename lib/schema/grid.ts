// Compare grids on the wire: a grid's definition (base body, variants, rows, checks), a run's settings and re-run scopes (isomorphic).
import { z } from 'zod';
import { RESPONSE_STATUSES } from './constants';
import { integerInRange } from './fields';
import { inputSchema } from './input';
import { onBehalfOfSchema } from './on-behalf-of';
import { promptParamSchema } from './request';

export const GRID_LIMITS = {
  name: { maxLength: 200 },
  label: { maxLength: 100 },
  variants: { min: 1, max: 8 },
  rows: { min: 1, max: 200 },
  checks: { max: 20 },
  concurrency: { min: 1, max: 16, default: 4 },
  cellTimeoutMs: { min: 1_000, max: 600_000, default: 120_000 },
} as const;

/** The check kinds, in the order the page offers them. */
export const GRID_CHECK_TYPES = [
  'contains',
  'not_contains',
  'regex',
  'equals',
  'is_json',
  'matches_schema',
  'status',
  'ttft_under',
  'total_time_under',
  'output_tokens_under',
  'tool_called',
] as const;
export type GridCheckType = (typeof GRID_CHECK_TYPES)[number];

const labelSchema = z.string().min(1).max(GRID_LIMITS.label.maxLength);
const caseOption = { case_sensitive: z.boolean().optional() };
const positiveLimit = integerInRange({ min: 1, max: 86_400_000 });

const regexCheckSchema = z
  .strictObject({ type: z.literal('regex'), value: z.string().min(1).max(1_000), flags: z.string().regex(/^[imsu]*$/, 'may hold only the flags i, m, s and u').optional(), label: labelSchema.optional() })
  .superRefine((check, ctx) => {
    try {
      new RegExp(check.value, check.flags ?? '');
    } catch (error) {
      ctx.addIssue({ code: 'custom', path: ['value'], message: `not a valid regular expression (${(error as Error).message}).`, params: { code: 'invalid_value' } });
    }
  });

/** One check, applied to every cell; `label` names it on the page (the type and value otherwise). */
export const gridCheckSchema = z.discriminatedUnion('type', [
  z.strictObject({ type: z.literal('contains'), value: z.string().min(1), ...caseOption, label: labelSchema.optional() }),
  z.strictObject({ type: z.literal('not_contains'), value: z.string().min(1), ...caseOption, label: labelSchema.optional() }),
  regexCheckSchema,
  z.strictObject({ type: z.literal('equals'), value: z.string(), ...caseOption, label: labelSchema.optional() }),
  z.strictObject({ type: z.literal('is_json'), label: labelSchema.optional() }),
  z.strictObject({ type: z.literal('matches_schema'), label: labelSchema.optional() }),
  z.strictObject({ type: z.literal('status'), value: z.enum(RESPONSE_STATUSES).default('completed'), label: labelSchema.optional() }),
  z.strictObject({ type: z.literal('ttft_under'), value: positiveLimit, label: labelSchema.optional() }),
  z.strictObject({ type: z.literal('total_time_under'), value: positiveLimit, label: labelSchema.optional() }),
  z.strictObject({ type: z.literal('output_tokens_under'), value: positiveLimit, label: labelSchema.optional() }),
  z.strictObject({ type: z.literal('tool_called'), value: z.string().min(1).max(200), label: labelSchema.optional() }),
]);
export type GridCheck = z.infer<typeof gridCheckSchema>;

/** A column: a label and a JSON merge patch (RFC 7386) over the base body; `on_behalf_of` overrides the grid's (null: none). */
export const gridVariantSchema = z.strictObject({
  label: labelSchema.optional(),
  patch: z.record(z.string(), z.unknown()).default({}),
  on_behalf_of: onBehalfOfSchema.nullish(),
});

/** A row: a label and the `input` it sends, or `variables` for the base request's prompt template (or both). */
export const gridRowSchema = z
  .strictObject({
    label: labelSchema.optional(),
    input: inputSchema.optional(),
    variables: promptParamSchema.shape.variables.unwrap().unwrap().optional(),
  })
  .superRefine((row, ctx) => {
    if (row.input === undefined && row.variables === undefined) {
      ctx.addIssue({ code: 'custom', path: ['input'], message: 'a row needs an input or prompt variables.', params: { code: 'missing_required_parameter' } });
    }
  });

function requireUniqueLabels(labels: readonly string[], field: 'variants' | 'rows', ctx: z.RefinementCtx): void {
  labels.forEach((label, index) => {
    const first = labels.indexOf(label);
    if (first !== index) {
      ctx.addIssue({ code: 'custom', path: [field, index, 'label'], message: `the label ${JSON.stringify(label)} is already used by ${field}[${first}]; labels name the cells, so each must be unique.`, params: { code: 'duplicate_label' } });
    }
  });
}

/** A grid as scripts send it; missing labels become "variant N" and "row N" (1-based). */
export const gridDefinitionSchema = z
  .strictObject({
    name: z.string().min(1).max(GRID_LIMITS.name.maxLength),
    base: z.record(z.string(), z.unknown()),
    on_behalf_of: onBehalfOfSchema.nullish(),
    variants: z.array(gridVariantSchema).min(GRID_LIMITS.variants.min).max(GRID_LIMITS.variants.max),
    rows: z.array(gridRowSchema).min(GRID_LIMITS.rows.min).max(GRID_LIMITS.rows.max),
    checks: z.array(gridCheckSchema).max(GRID_LIMITS.checks.max).default([]),
  })
  .transform((grid) => ({
    ...grid,
    on_behalf_of: grid.on_behalf_of || null,
    variants: grid.variants.map((variant, index) => ({ ...variant, label: variant.label ?? `variant ${index + 1}` })),
    rows: grid.rows.map((row, index) => ({ ...row, label: row.label ?? `row ${index + 1}` })),
  }))
  .superRefine((grid, ctx) => {
    requireUniqueLabels(grid.variants.map((variant) => variant.label), 'variants', ctx);
    requireUniqueLabels(grid.rows.map((row) => row.label), 'rows', ctx);
  });
export type GridDefinitionInput = z.input<typeof gridDefinitionSchema>;
export type GridDefinition = z.infer<typeof gridDefinitionSchema>;
export type GridVariant = GridDefinition['variants'][number];
export type GridRow = GridDefinition['rows'][number];

/** POST /api/grids/{id}/runs. */
export const gridRunRequestSchema = z.strictObject({
  concurrency: integerInRange(GRID_LIMITS.concurrency).optional(),
  cell_timeout_ms: integerInRange(GRID_LIMITS.cellTimeoutMs).optional(),
});
export type GridRunRequest = z.infer<typeof gridRunRequestSchema>;

export const GRID_RERUN_SCOPES = ['failed', 'cell', 'row', 'column', 'all'] as const;

/** POST /api/grids/{id}/runs/{run_id}/rerun: which cells run again (`variant` and `row` are labels). */
export const gridRerunRequestSchema = gridRunRequestSchema
  .extend({ scope: z.enum(GRID_RERUN_SCOPES), variant: labelSchema.optional(), row: labelSchema.optional() })
  .superRefine((rerun, ctx) => {
    const needs = { cell: ['variant', 'row'], row: ['row'], column: ['variant'], failed: [], all: [] } as const;
    for (const field of needs[rerun.scope]) {
      if (rerun[field] === undefined) ctx.addIssue({ code: 'custom', path: [field], message: `scope '${rerun.scope}' needs '${field}'.`, params: { code: 'missing_required_parameter', sentence: false } });
    }
  });
export type GridRerunRequest = z.infer<typeof gridRerunRequestSchema>;

/** The statuses of a run, and of a cell (a response's own statuses, and what happened when there was none). */
export const GRID_RUN_STATUSES = ['queued', 'running', 'completed', 'cancelled', 'interrupted'] as const;
export type GridRunStatus = (typeof GRID_RUN_STATUSES)[number];
export const GRID_CELL_STATUSES = ['queued', 'running', ...RESPONSE_STATUSES.filter((status) => status !== 'queued' && status !== 'in_progress'), 'error', 'timed_out', 'interrupted', 'invalid'] as const;
export type GridCellStatus = (typeof GRID_CELL_STATUSES)[number];

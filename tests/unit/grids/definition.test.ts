// A grid's definition: the contract example parses, labels are filled in and unique, bounds and bad fields are named, credentials refused;
// variants are merge patches over the base, and each cell's body is what the proxy would accept or says why not.
import { describe, expect, it } from 'vitest';
import { buildCellRequest, findRequestProblem, findRowProblem, findVariantProblem } from '@/lib/grids/cells';
import { parseGridDefinition } from '@/lib/grids/definition';
import { applyMergePatch, describePatch, diffMergePatch } from '@/lib/grids/patch';
import { ApiError } from '@/lib/schema/errors';
import { gridDefinitionSchema, gridRerunRequestSchema, gridRunRequestSchema } from '@/lib/schema/grid';

/** The README's example (the issue's contract). */
const EXAMPLE = {
  name: 'greetings',
  base: { model: 'local-agent', stream: true },
  variants: [
    { label: 'agent', patch: {} },
    { label: 'echo', patch: { model: 'local-echo' } },
  ],
  rows: [
    { label: 'hi', input: 'hello there' },
    { label: 'tool', input: 'use the weather tool for Paris' },
  ],
  checks: [
    { type: 'contains', value: 'hello' },
    { type: 'status', value: 'completed' },
  ],
};

function refusal(value: unknown): { param: string | null; message: string } {
  try {
    parseGridDefinition(value);
  } catch (error) {
    if (error instanceof ApiError) return { param: error.param, message: error.message };
    throw error;
  }
  throw new Error('expected a refusal');
}

describe('grid definitions', () => {
  it('parses the contract example as given', () => {
    const grid = parseGridDefinition(EXAMPLE);
    expect(grid.variants.map((variant) => variant.label)).toEqual(['agent', 'echo']);
    expect(grid.rows[1]).toEqual({ label: 'tool', input: 'use the weather tool for Paris' });
    expect(grid.checks).toEqual(EXAMPLE.checks);
    expect(grid.on_behalf_of).toBeNull();
  });

  it('fills missing labels as "variant N" and "row N", and refuses a label used twice, naming the second', () => {
    const grid = parseGridDefinition({ ...EXAMPLE, variants: [{ patch: {} }, { patch: { model: 'local-echo' } }], rows: [{ input: 'a' }, { label: 'b', input: 'b' }] });
    expect(grid.variants.map((variant) => variant.label)).toEqual(['variant 1', 'variant 2']);
    expect(grid.rows.map((row) => row.label)).toEqual(['row 1', 'b']);
    const duplicate = refusal({ ...EXAMPLE, rows: [{ label: 'x', input: 'a' }, { label: 'x', input: 'b' }] });
    expect(duplicate.param).toBe('rows[1].label');
    expect(duplicate.message).toContain('already used by rows[0]');
  });

  it('names the field of each bound: 1 to 8 variants, 1 to 200 rows, at most 20 checks', () => {
    expect(refusal({ ...EXAMPLE, variants: [] }).param).toBe('variants');
    expect(refusal({ ...EXAMPLE, variants: Array.from({ length: 9 }, (_, index) => ({ label: `v${index}`, patch: {} })) }).param).toBe('variants');
    expect(refusal({ ...EXAMPLE, rows: Array.from({ length: 201 }, (_, index) => ({ input: `r${index}` })) }).param).toBe('rows');
    expect(parseGridDefinition({ ...EXAMPLE, rows: Array.from({ length: 200 }, (_, index) => ({ input: `r${index}` })) }).rows).toHaveLength(200);
    expect(refusal({ ...EXAMPLE, checks: Array.from({ length: 21 }, () => ({ type: 'is_json' })) }).param).toBe('checks');
  });

  it('names bad fields inside variants, rows and checks', () => {
    expect(refusal({ ...EXAMPLE, rows: [{ label: 'empty' }] })).toMatchObject({ param: 'rows[0].input', message: "Invalid 'rows[0].input': a row needs an input or prompt variables." });
    expect(refusal({ ...EXAMPLE, checks: [{ type: 'contains' }] }).param).toBe('checks[0].value');
    expect(refusal({ ...EXAMPLE, checks: [{ type: 'sounds_nice' }] }).param).toBe('checks[0].type');
    expect(refusal({ ...EXAMPLE, variants: [{ label: 'a', patch: [] }] }).param).toBe('variants[0].patch');
    expect(refusal({ ...EXAMPLE, on_behalf_of: 'é' }).param).toBe('on_behalf_of');
    expect(refusal({ ...EXAMPLE, name: '' }).param).toBe('name');
  });

  it('refuses credentials in the base or a patch (grids are stored; credentials never are), but keeps a <redacted> marker', () => {
    expect(refusal({ ...EXAMPLE, base: { ...EXAMPLE.base, background: true, webhook_url: 'https://example.com/h', webhook_secret: 'whsec_0123456789abcdef0123' } })).toMatchObject({ param: 'base.webhook_secret' });
    const mcp = { type: 'mcp', server_label: 'docs', server_url: 'https://mcp.example.com', authorization: 'Bearer abc' };
    expect(refusal({ ...EXAMPLE, variants: [{ label: 'a', patch: { tools: [mcp] } }] }).param).toBe('variants[0].patch.tools[0].authorization');
    expect(parseGridDefinition({ ...EXAMPLE, variants: [{ label: 'a', patch: { tools: [{ ...mcp, authorization: '<redacted>' }] } }] }).variants[0]!.label).toBe('a');
  });

  it('run settings: concurrency 1 to 16, a cell timeout of 1 s to 10 min; re-run scopes need their labels', () => {
    expect(gridRunRequestSchema.safeParse({ concurrency: 16 }).success).toBe(true);
    expect(gridRunRequestSchema.safeParse({ concurrency: 17 }).success).toBe(false);
    expect(gridRunRequestSchema.safeParse({ concurrency: 0 }).success).toBe(false);
    expect(gridRunRequestSchema.safeParse({ cell_timeout_ms: 999 }).success).toBe(false);
    expect(gridRunRequestSchema.safeParse({ parallel: 2 }).success).toBe(false);
    expect(gridRerunRequestSchema.safeParse({ scope: 'failed' }).success).toBe(true);
    expect(gridRerunRequestSchema.safeParse({ scope: 'cell', variant: 'agent' }).error?.issues[0]?.path).toEqual(['row']);
    expect(gridRerunRequestSchema.safeParse({ scope: 'column' }).error?.issues[0]?.path).toEqual(['variant']);
  });
});

describe('variants as merge patches', () => {
  it('merges objects, replaces arrays and values, and removes a key set to null', () => {
    const base = { model: 'local-agent', text: { format: { type: 'text' }, verbosity: 'low' }, tools: [{ type: 'web_search' }], temperature: 0.2 };
    expect(applyMergePatch(base, { text: { verbosity: 'high' }, tools: [], temperature: null })).toEqual({ model: 'local-agent', text: { format: { type: 'text' }, verbosity: 'high' }, tools: [] });
    expect(base.text.verbosity).toBe('low');
  });

  it('diffMergePatch gives the smallest patch from a body to an edited one, which applies back to the edit', () => {
    const base = { model: 'local-agent', stream: true, text: { verbosity: 'low', format: { type: 'text' } }, metadata: { a: '1' } };
    const edited = { model: 'local-echo', stream: true, text: { verbosity: 'low', format: { type: 'json_object' } }, instructions: 'Be brief.' };
    const patch = diffMergePatch(base, edited);
    expect(patch).toEqual({ model: 'local-echo', text: { format: { type: 'json_object' } }, metadata: null, instructions: 'Be brief.' });
    expect(applyMergePatch(base, patch)).toEqual(edited);
    expect(diffMergePatch(base, base)).toEqual({});
    expect(describePatch(patch)).toEqual(['metadata', 'model', 'text.format.type', 'instructions']);
  });
});

describe('each cell', () => {
  const grid = parseGridDefinition({
    ...EXAMPLE,
    base: { model: 'local-agent', stream: true, input: 'unused', prompt: { id: 'pmpt_weather', variables: { units: 'celsius' } } },
    on_behalf_of: 'alice',
    variants: [{ label: 'agent', patch: {} }, { label: 'bob', patch: { temperature: 3 }, on_behalf_of: 'bob' }, { label: 'nobody', patch: {}, on_behalf_of: null }],
    rows: [{ label: 'paris', variables: { city: 'Paris' } }, { label: 'text', input: 'hi' }],
  });

  it('sends the base with its variant patch, the row input or the row variables merged into prompt.variables, and its user', () => {
    expect(buildCellRequest(grid, grid.variants[0]!, grid.rows[0]!)).toEqual({
      body: { model: 'local-agent', stream: true, input: 'unused', prompt: { id: 'pmpt_weather', variables: { units: 'celsius', city: 'Paris' } } },
      onBehalfOf: 'alice',
    });
    expect(buildCellRequest(grid, grid.variants[1]!, grid.rows[1]!)).toMatchObject({ body: { input: 'hi', temperature: 3 }, onBehalfOf: 'bob' });
    expect(buildCellRequest(grid, grid.variants[2]!, grid.rows[1]!).onBehalfOf).toBeNull();
  });

  it('a variant whose merged body fails the request schema says why, as the proxy would', () => {
    expect(findVariantProblem(grid, grid.variants[0]!)).toBeNull();
    expect(findVariantProblem(grid, grid.variants[1]!)).toEqual({ param: 'temperature', message: "Invalid 'temperature': 3 is above the maximum of 2." });
    expect(findRequestProblem({ body: { model: 'm', tools: [{ type: 'mcp', server_label: 'a', server_url: 'https://x.test', authorization: '<redacted>' }] }, onBehalfOf: null })?.param).toBe('tools[0].authorization');
  });

  it('a row with variables and no prompt to fill is refused at the row', () => {
    const plain = parseGridDefinition({ ...EXAMPLE, rows: [{ label: 'v', variables: { city: 'Paris' } }] });
    expect(findRowProblem(plain, plain.variants[0]!, plain.rows[0]!)?.message).toContain('sets prompt variables, but the request has no prompt');
    expect(findRowProblem(grid, grid.variants[0]!, grid.rows[0]!)).toBeNull();
  });

  it('the schema keeps fields it does not know in the base (newer gateways)', () => {
    expect(gridDefinitionSchema.parse({ ...EXAMPLE, base: { model: 'm', future_field: { a: 1 } } }).base).toEqual({ model: 'm', future_field: { a: 1 } });
  });
});

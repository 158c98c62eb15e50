import { describe, expect, it } from 'vitest';
import { TOOL_TYPE_ALIASES, TOOL_TYPES, toolSchema } from '@/lib/schema';
import { body, expectAccepted, expectRejected } from './helpers';

const FUNCTION = { type: 'function', name: 'get_weather', parameters: { type: 'object', properties: {} } };

/** Minimal valid definition and one broken variant per kind; the broken one sits at tools[1]. */
const kinds: Record<(typeof TOOL_TYPES)[number], { valid: object; invalid: object; param: string; code: string }> = {
  function: { valid: FUNCTION, invalid: { ...FUNCTION, name: 'get weather' }, param: 'name', code: 'invalid_value' },
  file_search: {
    valid: { type: 'file_search', vector_store_ids: ['vs_1'] },
    invalid: { type: 'file_search' },
    param: 'vector_store_ids',
    code: 'missing_required_parameter',
  },
  computer_use_preview: {
    valid: { type: 'computer_use_preview', environment: 'browser', display_width: 1024, display_height: 768 },
    invalid: { type: 'computer_use_preview', environment: 'amiga', display_width: 1024, display_height: 768 },
    param: 'environment',
    code: 'invalid_value',
  },
  web_search: { valid: { type: 'web_search' }, invalid: { type: 'web_search', search_context_size: 'huge' }, param: 'search_context_size', code: 'invalid_value' },
  mcp: {
    valid: { type: 'mcp', server_label: 'deepwiki', server_url: 'https://mcp.example.com/sse' },
    invalid: { type: 'mcp', server_url: 'https://mcp.example.com/sse' },
    param: 'server_label',
    code: 'missing_required_parameter',
  },
  code_interpreter: {
    valid: { type: 'code_interpreter', container: { type: 'auto' } },
    invalid: { type: 'code_interpreter' },
    param: 'container',
    code: 'missing_required_parameter',
  },
  image_generation: {
    valid: { type: 'image_generation' },
    invalid: { type: 'image_generation', partial_images: 4 },
    param: 'partial_images',
    code: 'integer_above_max_value',
  },
  // kinds that carry only their type can only be broken through the type itself
  local_shell: { valid: { type: 'local_shell' }, invalid: { type: 'localshell' }, param: 'type', code: 'invalid_value' },
  shell: { valid: { type: 'shell' }, invalid: { type: 'shell', environment: 'local' }, param: 'environment', code: 'invalid_type' },
  custom: {
    valid: { type: 'custom', name: 'sql' },
    invalid: { type: 'custom', name: 'sql', format: { type: 'grammar', syntax: 'ebnf', definition: 'x' } },
    param: 'format.syntax',
    code: 'invalid_value',
  },
  web_search_preview: {
    valid: { type: 'web_search_preview' },
    invalid: { type: 'web_search_preview', search_content_types: ['video'] },
    param: 'search_content_types[0]',
    code: 'invalid_value',
  },
  hosted: { valid: { type: 'hosted', name: 'weather' }, invalid: { type: 'hosted' }, param: 'name', code: 'missing_required_parameter' },
  sleep: { valid: { type: 'sleep' }, invalid: { type: 'Sleep' }, param: 'type', code: 'invalid_value' },
  history: { valid: { type: 'history' }, invalid: { type: 7 }, param: 'type', code: 'invalid_value' },
};

describe('tool definitions', () => {
  it('lists the 14 kinds of the spec', () => {
    expect(TOOL_TYPES).toHaveLength(14);
    expect(Object.keys(kinds).sort()).toEqual([...TOOL_TYPES].sort());
  });

  describe.each(Object.entries(kinds))('%s', (_kind, { valid, invalid, param, code }) => {
    it('accepts its minimal valid form', () => {
      expect(toolSchema.safeParse(valid).success).toBe(true);
      expectAccepted(body({ tools: [FUNCTION, valid] }));
    });

    it('rejects a broken definition with the field path', () => {
      expectRejected(body({ tools: [FUNCTION, invalid] }), `tools[1].${param}`, code);
    });

    it('keeps fields the spec does not show', () => {
      const parsed = expectAccepted(body({ tools: [{ ...valid, future_option: { x: 1 } }] }));
      expect(parsed.tools?.[0]).toMatchObject({ future_option: { x: 1 } });
    });
  });

  it('accepts the alias wire names', () => {
    for (const alias of Object.keys(TOOL_TYPE_ALIASES)) expectAccepted(body({ tools: [{ type: alias }] }));
  });

  it('rejects an unknown tool type, listing the allowed ones', () => {
    const error = expectRejected(body({ tools: [{ type: 'teleport' }] }), 'tools[0].type', 'invalid_value');
    expect(error.message).toContain("'file_search'");
    expectRejected(body({ tools: [{ name: 'x' }] }), 'tools[0].type', 'missing_required_parameter');
  });

  describe('function', () => {
    it('requires parameters, allowing null', () => {
      expectAccepted(body({ tools: [{ type: 'function', name: 'f', parameters: null }] }));
      expectRejected(body({ tools: [{ type: 'function', name: 'f' }] }), 'tools[0].parameters', 'missing_required_parameter');
    });

    it('requires the parameters schema to describe an object', () => {
      expectRejected(
        body({ tools: [FUNCTION, FUNCTION, { type: 'function', name: 'f', parameters: { type: 'string' } }] }),
        'tools[2].parameters.type',
        'invalid_value',
      );
      expectRejected(body({ tools: [{ type: 'function', name: 'f', parameters: 'object' }] }), 'tools[0].parameters', 'invalid_type');
    });

    it('bounds the name at 128 characters', () => {
      expectAccepted(body({ tools: [{ ...FUNCTION, name: 'n'.repeat(128) }] }));
      expectRejected(body({ tools: [{ ...FUNCTION, name: 'n'.repeat(129) }] }), 'tools[0].name', 'string_above_max_length');
      expectRejected(body({ tools: [{ ...FUNCTION, name: '' }] }), 'tools[0].name', 'string_below_min_length');
    });

    it('accepts description, strict and defer_loading', () => {
      expectAccepted(body({ tools: [{ ...FUNCTION, description: 'd', strict: true, defer_loading: false }] }));
      expectRejected(body({ tools: [{ ...FUNCTION, strict: 'yes' }] }), 'tools[0].strict', 'invalid_type');
    });
  });

  describe('mcp', () => {
    it('needs exactly one of server_url, connector_id, tunnel_id', () => {
      expectAccepted(body({ tools: [{ type: 'mcp', server_label: 'g', connector_id: 'connector_gmail' }] }));
      expectAccepted(body({ tools: [{ type: 'mcp', server_label: 't', tunnel_id: 'tun_1' }] }));
      expectRejected(body({ tools: [{ type: 'mcp', server_label: 'x' }] }), 'tools[0].server_url', 'missing_required_parameter');
      expectRejected(
        body({ tools: [{ type: 'mcp', server_label: 'x', server_url: 'https://a.example', tunnel_id: 't' }] }),
        'tools[0].server_url',
        'invalid_combination',
      );
    });

    it('accepts require_approval modes and filters', () => {
      const base = { type: 'mcp', server_label: 'x', server_url: 'https://a.example' };
      expectAccepted(body({ tools: [{ ...base, require_approval: 'never' }] }));
      expectAccepted(body({ tools: [{ ...base, require_approval: { never: { tool_names: ['ask'] } } }] }));
      expectRejected(body({ tools: [{ ...base, require_approval: 'sometimes' }] }), 'tools[0].require_approval', 'invalid_value');
    });
  });

  it('bounds image_generation partial_images at 0..3', () => {
    expectAccepted(body({ tools: [{ type: 'image_generation', partial_images: 0 }] }));
    expectAccepted(body({ tools: [{ type: 'image_generation', partial_images: 3 }] }));
    expectRejected(body({ tools: [{ type: 'image_generation', partial_images: -1 }] }), 'tools[0].partial_images', 'integer_below_min_value');
  });

  it('accepts a code_interpreter container id string', () => {
    expectAccepted(body({ tools: [{ type: 'code_interpreter', container: 'cntr_1' }] }));
  });
});

import { describe, expect, it } from 'vitest';
import { createJsonSchemaFormat, createTool, TOOL_TEMPLATES, type ToolType } from '@/components/request/tool-templates';
import { checkStrictSchemas } from '@/lib/local-gateway/strict-schema';
import { createResponseBodySchema, listCreateResponseBodyIssues, TOOL_TYPES } from '@/lib/schema';

describe('tool templates', () => {
  it('every kind is valid the moment it is added: the shared schema and the local gateway strict-schema check pass', () => {
    for (const type of Object.keys(TOOL_TEMPLATES) as ToolType[]) {
      const body = { model: 'local-agent', input: 'hi', tools: [createTool(type)] };
      expect(listCreateResponseBodyIssues(body), type).toEqual([]);
      expect(() => checkStrictSchemas(createResponseBodySchema.parse(body)), type).not.toThrow();
    }
    expect(Object.keys(TOOL_TEMPLATES).sort()).toEqual([...TOOL_TYPES].sort());
  });

  it('the function is a ready get_weather with a real strict schema, the MCP server has a label and a URL', () => {
    expect(createTool('function')).toMatchObject({ name: 'get_weather', strict: true, parameters: { required: ['city', 'units'], additionalProperties: false } });
    expect(createTool('mcp')).toMatchObject({ server_label: 'docs', server_url: 'https://mcp.example.com/sse', require_approval: 'always' });
  });

  it('a second tool of a named kind gets a name of its own (names must be unique)', () => {
    const first = createTool('function');
    const second = createTool('function', [first]);
    const third = createTool('function', [first, second]);
    expect([first.name, second.name, third.name]).toEqual(['get_weather', 'get_weather_2', 'get_weather_3']);
    expect(createTool('mcp', [createTool('mcp')]).server_label).toBe('docs_2');
    expect(listCreateResponseBodyIssues({ model: 'local-agent', tools: [first, second, third] })).toEqual([]);
  });

  it('the json_schema output format starts from an example schema that passes, strict included', () => {
    const body = { model: 'local-agent', input: 'Weather in Paris', text: { format: createJsonSchemaFormat() } };
    expect(listCreateResponseBodyIssues(body)).toEqual([]);
    expect(() => checkStrictSchemas(createResponseBodySchema.parse(body))).not.toThrow();
    expect(body.text.format).toMatchObject({ type: 'json_schema', name: 'weather_report', strict: true });
  });
});

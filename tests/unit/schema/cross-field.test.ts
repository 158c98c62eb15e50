import { describe, expect, it } from 'vitest';
import { listCreateResponseBodyIssues } from '@/lib/schema';
import { body, expectAccepted, expectRejected } from './helpers';

const HOOK = 'https://hooks.example.com/receive';
const SECRET = 'a-secret-of-16-ch';
const fn = (name: string) => ({ type: 'function', name, parameters: { type: 'object', properties: {} } });

describe('cross-field rules', () => {
  it('accepts webhook_url and webhook_secret with background true', () => {
    expectAccepted(body({ background: true, webhook_url: HOOK, webhook_secret: SECRET }));
  });

  it('rejects webhook_url without background true', () => {
    const error = expectRejected(body({ webhook_url: HOOK }), 'webhook_url', 'invalid_combination');
    expect(error.message).toContain("'background'");
    expectRejected(body({ background: false, webhook_url: HOOK }), 'webhook_url', 'invalid_combination');
  });

  it('rejects a webhook_url that is not an http(s) URL', () => {
    expectRejected(body({ background: true, webhook_url: 'ftp://hooks.example.com' }), 'webhook_url', 'invalid_value');
    expectRejected(body({ background: true, webhook_url: 'not a url' }), 'webhook_url', 'invalid_value');
  });

  it('rejects webhook_secret without webhook_url', () => {
    expectRejected(body({ background: true, webhook_secret: SECRET }), 'webhook_secret', 'invalid_combination');
  });

  it('rejects background with store false, accepts it with store true or absent', () => {
    expectRejected(body({ background: true, store: false }), 'background', 'invalid_combination');
    expectAccepted(body({ background: true, store: true }));
    expectAccepted(body({ background: true }));
    expectAccepted(body({ background: false, store: false }));
  });

  it('rejects conversation together with previous_response_id', () => {
    expectRejected(body({ conversation: 'conv_1', previous_response_id: 'resp_1' }), 'conversation', 'invalid_combination');
    expectRejected(body({ conversation: { id: 'conv_1' }, previous_response_id: 'resp_1' }), 'conversation', 'invalid_combination');
    expectAccepted(body({ conversation: { id: 'conv_1' } }));
    expectAccepted(body({ previous_response_id: 'resp_1' }));
  });

  it('rejects a specific tool_choice naming a tool that is not in tools', () => {
    expectRejected(body({ tool_choice: { type: 'function', name: 'get_weather' } }), 'tool_choice', 'invalid_combination');
    expectRejected(
      body({ tools: [fn('lookup')], tool_choice: { type: 'function', name: 'get_weather' } }),
      'tool_choice',
      'invalid_combination',
    );
    expectRejected(
      body({ tools: [fn('grammar')], tool_choice: { type: 'custom', name: 'grammar' } }),
      'tool_choice',
      'invalid_combination',
    );
    expectRejected(body({ tool_choice: { type: 'mcp', server_label: 'deepwiki' } }), 'tool_choice', 'invalid_combination');
  });

  it('accepts a specific tool_choice naming a present tool', () => {
    expectAccepted(body({ tools: [fn('get_weather')], tool_choice: { type: 'function', name: 'get_weather' } }));
    expectAccepted(body({ tools: [{ type: 'custom', name: 'grammar' }], tool_choice: { type: 'custom', name: 'grammar' } }));
    expectAccepted(
      body({
        tools: [{ type: 'mcp', server_label: 'deepwiki', server_url: 'https://mcp.example.com/sse' }],
        tool_choice: { type: 'mcp', server_label: 'deepwiki', name: 'ask' },
      }),
    );
  });

  it('accepts mode strings, hosted selections and allowed_tools', () => {
    for (const mode of ['none', 'auto', 'required']) expectAccepted(body({ tool_choice: mode }));
    expectAccepted(body({ tool_choice: { type: 'file_search' } }));
    expectAccepted(body({ tool_choice: { type: 'allowed_tools', mode: 'auto', tools: [{ type: 'function', name: 'a' }] } }));
    expectRejected(body({ tool_choice: 'sometimes' }), 'tool_choice', 'invalid_value');
    expectRejected(body({ tool_choice: { type: 'allowed_tools', mode: 'none', tools: [] } }), 'tool_choice.mode', 'invalid_value');
    expectRejected(body({ tool_choice: { type: 'teleport' } }), 'tool_choice.type', 'invalid_value');
  });

  it('reports cross-field rules together with field errors', () => {
    const issues = listCreateResponseBodyIssues({ temperature: 9, webhook_url: HOOK });
    expect(issues).toEqual([
      expect.objectContaining({ param: 'model', code: 'missing_required_parameter' }),
      expect.objectContaining({ param: 'temperature', code: 'decimal_above_max_value' }),
      expect.objectContaining({ param: 'webhook_url', code: 'invalid_combination' }),
    ]);
  });
});

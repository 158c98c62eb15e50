import { describe, expect, it } from 'vitest';
import { CODE_LANGUAGES, generateCode, listCredentialEnvVars, toPythonLiteral } from '@/lib/codegen';
import { diffBodies, diffDrafts } from '@/lib/request-import/diff';
import { bodyFromPastedJson, settingsFromResponse } from '@/lib/request-import/from-response';
import { findOnBehalfOf, parseCurl, tokenizeShell } from '@/lib/request-import/parse-curl';
import { decodeShareHash, encodeShareHash } from '@/lib/request-import/share-link';

describe('curl import', () => {
  it('parses URL, -X, -H and --data-raw with single-quoted JSON over continued lines', () => {
    const parsed = parseCurl(`curl https://gw.example.com/api/v1/llm/responses \\
  -X POST \\
  -H "Authorization: Bearer $GATEWAY_API_KEY" \\
  -H 'Content-Type: application/json' \\
  -H 'X-On-Behalf-Of: user-42' \\
  --data-raw '{"model":"local-echo","input":"it'\\''s fine","temperature":0.3}'`);
    expect(parsed.url).toBe('https://gw.example.com/api/v1/llm/responses');
    expect(parsed.method).toBe('POST');
    expect(parsed.body).toEqual({ model: 'local-echo', input: "it's fine", temperature: 0.3 });
    expect(findOnBehalfOf(parsed.headers)).toBe('user-42');
    expect(parsed.headers.Authorization).toBeUndefined();
    expect(parsed.warnings.join(' ')).toMatch(/Authorization header is not imported/);
  });

  it('handles -d with double quotes and escapes, --data=, --json, and -H attached', () => {
    expect(parseCurl(`curl -d "{\\"model\\":\\"m\\",\\"input\\":\\"a \\\\\\"q\\\\\\"\\"}" http://x`).body).toEqual({ model: 'm', input: 'a "q"' });
    expect(parseCurl(`curl --data='{"model":"m"}' http://x`).body).toEqual({ model: 'm' });
    expect(parseCurl(`curl --json '{"model":"j"}' --url http://x -Hx-on-behalf-of:\\ eve`)).toMatchObject({ body: { model: 'j' }, url: 'http://x', headers: { 'x-on-behalf-of': 'eve' } });
  });

  it('reports a body that is not JSON, and refuses what is not curl', () => {
    expect(parseCurl(`curl http://x -d 'model=m'`).warnings[0]).toMatch(/not valid JSON/);
    expect(() => parseCurl('wget http://x')).toThrow(/curl/);
    expect(tokenizeShell(`a 'b c' "d\\"e" $'f\\ng'`)).toEqual(['a', 'b c', 'd"e', 'f\ng']);
  });
});

describe('diff before replacing', () => {
  it('lists added, removed and changed fields by path, nested objects key by key', () => {
    const changes = diffBodies(
      { model: 'a', temperature: 1, text: { format: { type: 'text' }, verbosity: 'low' }, tools: [{ type: 'sleep' }] },
      { model: 'b', input: 'x', text: { format: { type: 'json_object' }, verbosity: 'low' }, tools: [{ type: 'sleep' }] },
    );
    expect(changes).toEqual([
      { path: 'model', kind: 'changed', before: 'a', after: 'b' },
      { path: 'temperature', kind: 'removed', before: 1, after: undefined },
      { path: 'text.format.type', kind: 'changed', before: 'text', after: 'json_object' },
      { path: 'input', kind: 'added', before: undefined, after: 'x' },
    ]);
  });

  it('includes the X-On-Behalf-Of header and is empty for equal drafts', () => {
    expect(diffDrafts({ body: { model: 'a' }, onBehalfOf: '' }, { body: { model: 'a' }, onBehalfOf: 'bob' })).toEqual([
      { path: 'X-On-Behalf-Of (header)', kind: 'added', before: undefined, after: 'bob' },
    ]);
    expect(diffDrafts({ body: { model: 'a' }, onBehalfOf: 'x' }, { body: { model: 'a' }, onBehalfOf: 'x' })).toEqual([]);
  });
});

describe('import from a stored response', () => {
  const response = {
    id: 'resp_1', object: 'response', status: 'completed', model: 'local-agent', instructions: null, tools: [], metadata: {},
    temperature: 0.4, text: { format: { type: 'text' }, verbosity: null }, conversation: { id: 'conv_9' }, output: [{ type: 'message' }],
    usage: { input_tokens: 1 }, previous_response_id: null, reasoning: { effort: null, summary: null }, store: true,
  };
  it('keeps echoed settings, drops nulls, empties and output', () => {
    expect(settingsFromResponse(response)).toEqual({ model: 'local-agent', temperature: 0.4, text: { format: { type: 'text' } }, conversation: 'conv_9', store: true });
    expect(bodyFromPastedJson(response).isResponse).toBe(true);
    expect(bodyFromPastedJson({ model: 'm', x: 1 })).toEqual({ body: { model: 'm', x: 1 }, isResponse: false });
  });
});

describe('code export', () => {
  const REAL_KEY = 'sk-local-playground-dev';
  const input = {
    body: { model: 'local-agent', input: "it's", stream: true, auto_routing: true, auto_routing_debug: true, modalities: ['text'], future_field: null, webhook_url: 'https://h.example.com', webhook_secret: 'super-secret-value-123', background: true },
    onBehalfOf: 'user-7',
    gatewayApiBase: 'http://127.0.0.1:3000/api/v1/llm',
  };

  it.each(CODE_LANGUAGES)('%s carries X-On-Behalf-Of, the gateway extras, the key from the environment and no secret', (language) => {
    const code = generateCode(language, input);
    expect(code).toContain('X-On-Behalf-Of');
    expect(code).toContain('user-7');
    expect(code).toContain('auto_routing');
    expect(code).toContain('auto_routing_debug');
    expect(code).toContain('future_field');
    expect(code).toContain('http://127.0.0.1:3000/api/v1/llm');
    expect(code).toMatch(/\$GATEWAY_API_KEY|process\.env\.GATEWAY_API_KEY|os\.environ\[["']GATEWAY_API_KEY["']\]/);
    expect(code).toMatch(/WEBHOOK_SECRET/);
    expect(code).not.toContain('super-secret-value-123');
    expect(code).not.toContain(REAL_KEY);
  });

  it('puts gateway extras in extra_body for the Python SDK and passes them through in TypeScript', () => {
    const python = generateCode('python-sdk', input);
    expect(python).toMatch(/extra_body=\{[\s\S]*"auto_routing": True[\s\S]*"future_field": None/);
    expect(python).toContain('base_url="http://127.0.0.1:3000/api/v1/llm"');
    expect(python).toContain('default_headers={"X-On-Behalf-Of": "user-7"}');
    const ts = generateCode('typescript-sdk', input);
    expect(ts).toContain("defaultHeaders: { 'X-On-Behalf-Of': \"user-7\" }");
    expect(ts).toContain('"auto_routing": true');
  });

  it('quotes the curl body so it survives the shell and reads the secret from the environment', () => {
    const curl = generateCode('curl', input);
    const parsed = parseCurl(curl.replace(`"'"$WEBHOOK_SECRET"'"`, '"from-env-16-chars!"'));
    expect(parsed.body).toEqual({ ...input.body, webhook_secret: 'from-env-16-chars!' });
    expect(toPythonLiteral({ a: [true, false, null] })).toBe('{\n    "a": [\n        True,\n        False,\n        None,\n    ],\n}');
  });
});

describe('code export of MCP credentials', () => {
  const mcp = (label: string) => ({ type: 'mcp', server_label: label, server_url: 'https://mcp.example.com/sse', authorization: `oauth-${label}-secret`, headers: { 'X-Api-Key': `hdr-${label}-secret` } });
  const input = { body: { model: 'local-agent', input: 'hi', tools: [mcp('docs'), mcp('git hub')] }, onBehalfOf: '', gatewayApiBase: 'http://127.0.0.1:3000/api/v1/llm' };

  it('names one environment variable per credential', () => {
    expect(listCredentialEnvVars(input.body)).toEqual([
      { param: 'tools[0].authorization', envVar: 'MCP_DOCS_AUTHORIZATION' },
      { param: 'tools[1].authorization', envVar: 'MCP_GIT_HUB_AUTHORIZATION' },
      { param: 'tools[0].headers.X-Api-Key', envVar: 'MCP_DOCS_X_API_KEY' },
      { param: 'tools[1].headers.X-Api-Key', envVar: 'MCP_GIT_HUB_X_API_KEY' },
    ]);
  });

  it.each(CODE_LANGUAGES)('%s reads them from the environment and never writes them out', (language) => {
    const code = generateCode(language, input);
    expect(code).not.toMatch(/-secret/);
    for (const name of ['MCP_DOCS_AUTHORIZATION', 'MCP_GIT_HUB_AUTHORIZATION', 'MCP_DOCS_X_API_KEY', 'MCP_GIT_HUB_X_API_KEY']) expect(code).toContain(name);
    expect(code).toContain('"X-Api-Key"');
  });

  it('curl: the body still parses, each credential from its variable', () => {
    const curl = generateCode('curl', input).replaceAll(`"'"$MCP_DOCS_AUTHORIZATION"'"`, '"from-env"');
    expect((parseCurl(curl).body as { tools: Array<{ authorization: string }> }).tools[0]?.authorization).toBe('from-env');
  });
});

describe('share link', () => {
  it('leaves out MCP authorization and headers', () => {
    const body = { model: 'm', tools: [{ type: 'mcp', server_label: 'docs', server_url: 'https://mcp.example.com/sse', authorization: 'oauth-token-abc', headers: { 'X-Api-Key': 'k-123' } }] };
    const hash = encodeShareHash(body);
    expect(decodeShareHash(hash)).toEqual({ model: 'm', tools: [{ type: 'mcp', server_label: 'docs', server_url: 'https://mcp.example.com/sse' }] });
    expect(atob(hash.slice('#request='.length).replace(/-/g, '+').replace(/_/g, '/'))).not.toMatch(/oauth-token|k-123|X-Api-Key/);
  });

  it('round-trips the body through the hash without webhook_secret', () => {
    const body = { model: 'm', input: 'ünïcödé ✓', webhook_url: 'https://h', webhook_secret: 's'.repeat(20) };
    const hash = encodeShareHash(body);
    expect(hash).not.toContain('sss');
    expect(decodeShareHash(hash)).toEqual({ model: 'm', input: 'ünïcödé ✓', webhook_url: 'https://h' });
    expect(decodeShareHash('#request=%%%')).toBeNull();
    expect(decodeShareHash('#other')).toBeNull();
  });
});

import { describe, expect, it } from 'vitest';
import { inputItemSchema } from '@/lib/schema';
import { body, expectAccepted, expectRejected } from './helpers';

const user = (content: unknown) => ({ role: 'user', content });

describe('input', () => {
  it('accepts a plain string', () => {
    expect(expectAccepted(body({ input: 'Hello' })).input).toBe('Hello');
  });

  it('rejects a non-string, non-array input', () => {
    const error = expectRejected(body({ input: 5 }), 'input', 'invalid_type');
    expect(error.message).toContain('a string or an array');
  });

  it('accepts messages of every role, with or without type', () => {
    for (const role of ['user', 'assistant', 'system', 'developer']) {
      expectAccepted(body({ input: [{ role, content: 'hi' }, { type: 'message', role, content: 'hi' }] }));
    }
    expectRejected(body({ input: [{ role: 'tool', content: 'x' }] }), 'input[0].role', 'invalid_value');
    expectRejected(body({ input: [{ role: 'user' }] }), 'input[0].content', 'missing_required_parameter');
  });

  it('accepts every content part kind', () => {
    expectAccepted(
      body({
        input: [
          user([
            { type: 'input_text', text: 'Describe' },
            { type: 'input_image', image_url: 'https://img.example.com/a.png', detail: 'high' },
            { type: 'input_image', image_url: 'data:image/png;base64,iVBORw0KGgo=' },
            { type: 'input_image', file_id: 'file_1' },
            { type: 'input_file', file_id: 'file_2' },
            { type: 'input_file', file_url: 'https://files.example.com/a.pdf' },
            { type: 'input_file', file_data: 'JVBERi0=', filename: 'a.pdf' },
            { type: 'input_audio', input_audio: { data: 'UklGRg==', format: 'wav' } },
          ]),
          { role: 'assistant', content: [{ type: 'output_text', text: 'Sure', annotations: [] }, { type: 'refusal', refusal: 'No' }] },
        ],
      }),
    );
  });

  it('names the part path of a broken content part', () => {
    const input = [user([{ type: 'input_text', text: 'x' }, { type: 'input_image', image_url: 'ftp://img.example.com/a.png' }])];
    expectRejected(body({ input }), 'input[0].content[1].image_url', 'invalid_value');
    expectRejected(body({ input: [user([{ type: 'input_image' }])] }), 'input[0].content[0].image_url', 'missing_required_parameter');
    expectRejected(body({ input: [user([{ type: 'input_image', file_id: 'f', detail: 'max' }])] }), 'input[0].content[0].detail', 'invalid_value');
    expectRejected(body({ input: [user([{ type: 'input_file' }])] }), 'input[0].content[0].file_id', 'missing_required_parameter');
    expectRejected(
      body({ input: [user([{ type: 'input_audio', input_audio: { data: 'x', format: 'ogg' } }])] }),
      'input[0].content[0].input_audio.format',
      'invalid_value',
    );
    expectRejected(body({ input: [user([{ type: 'input_video' }])] }), 'input[0].content[0].type', 'invalid_value');
  });

  it('accepts tool results and approval responses', () => {
    expectAccepted(
      body({
        input: [
          { type: 'function_call_output', call_id: 'call_1', output: '{"temp":21}' },
          { type: 'function_call_output', call_id: 'call_2', output: [{ type: 'input_text', text: 'ok' }] },
          { type: 'custom_tool_call_output', call_id: 'call_3', output: 'done' },
          { type: 'computer_call_output', call_id: 'call_4', output: { type: 'computer_screenshot', image_url: 'https://s.example.com/1.png' } },
          { type: 'local_shell_call_output', id: 'lsc_1', output: '{"stdout":""}' },
          {
            type: 'shell_call_output',
            call_id: 'call_5',
            output: [{ stdout: 'a', stderr: '', outcome: { type: 'exit', exit_code: 0 } }],
          },
          { type: 'mcp_approval_response', approval_request_id: 'mcpr_1', approve: true, reason: 'fine' },
        ],
      }),
    );
  });

  it('rejects broken tool results with their field path', () => {
    expectRejected(body({ input: [{ type: 'function_call_output', output: 'x' }] }), 'input[0].call_id', 'missing_required_parameter');
    expectRejected(body({ input: [{ type: 'function_call_output', call_id: 'c', output: 1 }] }), 'input[0].output', 'invalid_type');
    expectRejected(
      body({ input: [{ type: 'mcp_approval_response', approval_request_id: 'r', approve: 'yes' }] }),
      'input[0].approve',
      'invalid_type',
    );
  });

  it('accepts item references, with or without type', () => {
    expectAccepted(body({ input: [{ type: 'item_reference', id: 'msg_1' }, { id: 'msg_2' }] }));
    expectRejected(body({ input: [{ type: 'item_reference' }] }), 'input[0].id', 'missing_required_parameter');
  });

  it('accepts replayed output items and validates their linking fields', () => {
    expectAccepted(
      body({
        input: [
          { type: 'reasoning', id: 'rs_1', summary: [], encrypted_content: 'enc' },
          { type: 'function_call', id: 'fc_1', call_id: 'call_1', name: 'get_weather', arguments: '{}' },
          { type: 'compaction', id: 'cmp_1', encrypted_content: 'enc' },
        ],
      }),
    );
    expectRejected(
      body({ input: [{ type: 'function_call', call_id: 'call_1', name: 'f', arguments: {} }] }),
      'input[0].arguments',
      'invalid_type',
    );
  });

  it('passes unknown item kinds through untouched', () => {
    const future = { type: 'apply_patch_call_output', call_id: 'c', status: 'completed', nested: { a: [1] } };
    const parsed = expectAccepted(body({ input: [future] }));
    expect(parsed.input).toEqual([future]);
    expect(inputItemSchema.safeParse({ kind: 'no type' }).success).toBe(false);
  });
});

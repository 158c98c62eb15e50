import { inflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { itemEvents } from '@/lib/local-gateway/agent';
import type { OutputItem } from '@/lib/local-gateway/agent/contract';
import { plan, replayThroughSdk, texts, userMessage } from './helpers';

function textOf(item: OutputItem | undefined): string {
  return (item?.content as { text: string }[])[0]!.text;
}

function typesOf(events: { event: { type: string } }[]): string[] {
  return events.map((e) => e.event.type);
}

describe('built-in tools', () => {
  it('web search: call then a message with url_citation annotations at the cited span', () => {
    const turn = plan({ input: 'Search the web for tide pools', tools: [{ type: 'web_search' }] });
    expect(turn.items.map((i) => i.type)).toEqual(['web_search_call', 'message']);
    const [call, message] = turn.items;
    expect(call).toMatchObject({ status: 'completed', action: { type: 'search', queries: ['Search the web for tide pools'] } });
    expect((call!.action as object)).not.toHaveProperty('sources');
    const part = (message!.content as { text: string; annotations: { type: string; start_index: number; end_index: number; title: string }[] }[])[0]!;
    expect(part.annotations).toHaveLength(2);
    for (const annotation of part.annotations) {
      expect(annotation.type).toBe('url_citation');
      expect(part.text.slice(annotation.start_index, annotation.end_index)).toBe(annotation.title);
    }
    expect(typesOf(itemEvents(call!, 0, { obfuscation: false, partialImages: 0 }))).toEqual([
      'response.output_item.added',
      'response.web_search_call.in_progress',
      'response.web_search_call.searching',
      'response.web_search_call.completed',
      'response.output_item.done',
    ]);
    const messageEvents = itemEvents(message!, 1, { obfuscation: false, partialImages: 0 });
    expect(messageEvents.filter((e) => e.event.type === 'response.output_text.annotation.added').map((e) => e.event.annotation)).toEqual(part.annotations);
    expect(replayThroughSdk(turn).output).toEqual(turn.items);
  });

  it('web search sources only with include web_search_call.action.sources', () => {
    const turn = plan({ input: 'search the web for news', tools: [{ type: 'web_search_preview' }], include: ['web_search_call.action.sources'] });
    const sources = (turn.items[0]!.action as { sources: { type: string; url: string }[] }).sources;
    expect(sources.length).toBeGreaterThan(0);
    expect(sources[0]!.url).toMatch(/^https:\/\//);
  });

  it('file search: queries always, results only with include file_search_call.results', () => {
    const tool = { type: 'file_search', vector_store_ids: ['vs_1'] };
    const bare = plan({ input: 'search my files for the budget', tools: [tool] });
    expect(bare.items.map((i) => i.type)).toEqual(['file_search_call', 'message']);
    expect(bare.items[0]).toMatchObject({ queries: ['search my files for the budget'], results: null });
    const full = plan({ input: 'search my files for the budget', tools: [tool], include: ['file_search_call.results'] });
    const results = full.items[0]!.results as { file_id: string; filename: string; score: number }[];
    expect(results[0]).toMatchObject({ filename: 'notes.md', score: 0.92 });
    expect(typesOf(itemEvents(full.items[0]!, 0, { obfuscation: false, partialImages: 0 }))).toContain('response.file_search_call.searching');
    expect(replayThroughSdk(full).output).toEqual(full.items);
  });

  it('code interpreter: code deltas, progress order, logs only with include code_interpreter_call.outputs', () => {
    const tool = { type: 'code_interpreter', container: { type: 'auto' } };
    const bare = plan({ input: 'calculate 6 * 7', tools: [tool] });
    const call = bare.items[0]!;
    expect(call).toMatchObject({ type: 'code_interpreter_call', outputs: null, code: 'result = 6 * 7\nprint(result)' });
    expect(textOf(bare.items[1])).toContain('printed 42');
    const events = itemEvents(call, 0, { obfuscation: false, partialImages: 0 });
    expect([...new Set(typesOf(events))]).toEqual([
      'response.output_item.added',
      'response.code_interpreter_call.in_progress',
      'response.code_interpreter_call_code.delta',
      'response.code_interpreter_call_code.done',
      'response.code_interpreter_call.interpreting',
      'response.code_interpreter_call.completed',
      'response.output_item.done',
    ]);
    expect(texts(events, 'response.code_interpreter_call_code.delta')).toBe(call.code);
    const full = plan({ input: 'calculate 6 * 7', tools: [tool], include: ['code_interpreter_call.outputs'] });
    expect(full.items[0]!.outputs).toEqual([{ type: 'logs', logs: '42\n' }]);
    expect(replayThroughSdk(full).output).toEqual(full.items);
  });

  it('image generation: a real PNG, partial images when asked', () => {
    const turn = plan({ input: 'Draw a cat', tools: [{ type: 'image_generation', partial_images: 2 }] });
    const call = turn.items[0]!;
    expect(call.type).toBe('image_generation_call');
    const png = Buffer.from(String(call.result), 'base64');
    expect([...png.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    expect(png.subarray(12, 16).toString('ascii')).toBe('IHDR');
    expect(png.readUInt32BE(16)).toBe(64);
    expect(png.readUInt32BE(20)).toBe(64);
    const idatLength = png.readUInt32BE(33);
    expect(png.subarray(37, 41).toString('ascii')).toBe('IDAT');
    const raw = inflateSync(png.subarray(41, 41 + idatLength));
    expect(raw.length).toBe((64 * 3 + 1) * 64);
    expect(new Set(raw.subarray(1, 64 * 3)).size).toBeGreaterThan(2);
    const events = itemEvents(call, 0, { obfuscation: false, partialImages: 2 });
    const partials = events.filter((e) => e.event.type === 'response.image_generation_call.partial_image');
    expect(partials.map((e) => e.event.partial_image_index)).toEqual([0, 1]);
    expect(partials.every((e) => Buffer.from(String(e.event.partial_image_b64), 'base64').subarray(1, 4).toString() === 'PNG')).toBe(true);
    expect(itemEvents(call, 0, { obfuscation: false, partialImages: 0 }).some((e) => e.event.type.endsWith('partial_image'))).toBe(false);
    expect(events[0]!.event.item).toMatchObject({ result: null, status: 'in_progress' });
    expect(replayThroughSdk(turn, { obfuscation: true, partialImages: 3 }).output).toEqual(turn.items);
  });

  it('max_tool_calls caps the built-in calls', () => {
    const tools = [{ type: 'web_search' }, { type: 'code_interpreter', container: 'cntr_1' }];
    const input = 'search the web and calculate 2 + 2';
    expect(plan({ input, tools }).items.map((i) => i.type)).toEqual(['web_search_call', 'code_interpreter_call', 'message']);
    expect(plan({ input, tools, max_tool_calls: 1 }).items.map((i) => i.type)).toEqual(['web_search_call', 'message']);
  });

  it('sleep, history and hosted tools answer in a message', () => {
    const turn = plan({ input: 'please sleep a bit', tools: [{ type: 'sleep', seconds: 2 }] });
    expect(textOf(turn.items[0])).toContain('waited 2 seconds');
    const hosted = plan({ input: 'use the hosted tool', tools: [{ type: 'hosted', name: 'lookup' }] });
    expect(textOf(hosted.items[0])).toContain('hosted tool "lookup"');
  });
});

describe('client-executed tools', () => {
  it('computer_call waits for its output, then the answer uses it', () => {
    const turn = plan({ input: 'Take a screenshot', tools: [{ type: 'computer_use_preview', environment: 'browser', display_width: 1024, display_height: 768 }] });
    expect(turn.items).toHaveLength(1);
    const call = turn.items[0]!;
    expect(call).toMatchObject({ type: 'computer_call', action: { type: 'screenshot' }, pending_safety_checks: [] });
    expect(call.call_id).toMatch(/^call_/);
    const next = plan({}, [userMessage('Take a screenshot'), call, { type: 'computer_call_output', call_id: call.call_id, output: { type: 'computer_screenshot', image_url: 'data:image/png;base64,AA' } }]);
    expect(textOf(next.items[0])).toContain('screenshot');
  });

  it('local_shell_call (exec) and shell_call (commands) run the backticked command', () => {
    const local = plan({ input: 'run `ls -la /tmp`', tools: [{ type: 'local_shell' }] });
    expect(local.items[0]).toMatchObject({ type: 'local_shell_call', action: { type: 'exec', command: ['sh', '-c', 'ls -la /tmp'] } });
    const shell = plan({ input: 'run `ls -la /tmp`', tools: [{ type: 'shell', environment: { type: 'local' } }] });
    expect(shell.items[0]).toMatchObject({ type: 'shell_call', action: { commands: ['ls -la /tmp'] }, environment: { type: 'local' } });
    const call = shell.items[0]!;
    const next = plan({}, [userMessage('run it'), call, { type: 'shell_call_output', call_id: call.call_id, output: [{ stdout: 'a.txt\n', stderr: '', outcome: { type: 'exit', exit_code: 0 } }] }]);
    expect(textOf(next.items[0])).toContain('a.txt');
    expect(replayThroughSdk(shell).output).toEqual(shell.items);
  });
});

describe('MCP', () => {
  const server = { type: 'mcp', server_label: 'deepwiki', server_url: 'https://example.com/mcp' };

  it('lists tools then asks for approval by default', () => {
    const turn = plan({ input: 'Ask deepwiki about react', tools: [server] });
    expect(turn.items.map((i) => i.type)).toEqual(['mcp_list_tools', 'mcp_approval_request']);
    expect(turn.items[1]).toMatchObject({ server_label: 'deepwiki', name: 'lookup' });
    expect(JSON.parse(String(turn.items[1]!.arguments))).toEqual({ query: 'Ask deepwiki about react' });
    expect(typesOf(itemEvents(turn.items[0]!, 0, { obfuscation: false, partialImages: 0 }))).toEqual([
      'response.output_item.added',
      'response.mcp_list_tools.in_progress',
      'response.mcp_list_tools.completed',
      'response.output_item.done',
    ]);
    expect(replayThroughSdk(turn).output).toEqual(turn.items);
  });

  it('approve:true yields the mcp_call and an answer; approve:false says it was denied', () => {
    const first = plan({ input: 'Ask deepwiki about react', tools: [server] });
    const request = first.items[1]!;
    const context = [userMessage('Ask deepwiki about react'), ...first.items];
    const approved = plan({ tools: [server] }, [...context, { type: 'mcp_approval_response', approval_request_id: request.id, approve: true }]);
    expect(approved.items.map((i) => i.type)).toEqual(['mcp_call', 'message']);
    expect(approved.items[0]).toMatchObject({ approval_request_id: request.id, name: 'lookup', status: 'completed' });
    const callEvents = itemEvents(approved.items[0]!, 0, { obfuscation: false, partialImages: 0 });
    expect(texts(callEvents, 'response.mcp_call_arguments.delta')).toBe(approved.items[0]!.arguments);
    expect(replayThroughSdk(approved).output).toEqual(approved.items);
    const denied = plan({ tools: [server] }, [...context, { type: 'mcp_approval_response', approval_request_id: request.id, approve: false }]);
    expect(denied.items.map((i) => i.type)).toEqual(['message']);
    expect(textOf(denied.items[0])).toContain('denied');
  });

  it("require_approval 'never' calls at once", () => {
    const turn = plan({ input: 'Ask deepwiki about react', tools: [{ ...server, require_approval: 'never' }] });
    expect(turn.items.map((i) => i.type)).toEqual(['mcp_list_tools', 'mcp_call', 'message']);
    expect(String(turn.items[1]!.output)).toContain('lookup');
  });
});

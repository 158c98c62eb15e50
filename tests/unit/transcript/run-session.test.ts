import { afterEach, describe, expect, it, vi } from 'vitest';
import { createWorkingTurn, runTurn, type WorkingTurn } from '@/components/transcript/run-session';
import { toSse } from '../../fixtures/streams/build-stream';
import { SCENARIOS } from '../../fixtures/streams/scenarios';

function working(): WorkingTurn {
  return createWorkingTurn('turn-1', { body: { model: 'local-agent' }, headers: {}, kind: 'create' });
}

/** An SSE response; with `holdUntil`, it stays open until that signal aborts, then errors as fetch bodies do. */
function sse(text: string, holdUntil?: AbortSignal): Response {
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(new TextEncoder().encode(text));
      if (!holdUntil) controller.close();
      else holdUntil.addEventListener('abort', () => controller.error(new DOMException('aborted', 'AbortError')));
    },
  });
  return new Response(body, { headers: { 'content-type': 'text/event-stream' } });
}

const background = SCENARIOS.message!.map((event) =>
  event.response ? { ...event, response: { ...(event.response as object), background: true } } : event,
);

afterEach(() => vi.unstubAllGlobals());

describe('runTurn', () => {
  it('streams a run to completion with metrics marks', async () => {
    const turn = working();
    await runTurn(turn, async () => sse(toSse(SCENARIOS.message!)), {}, () => undefined);
    expect(turn.status).toBe('completed');
    expect(turn.events.map((event) => event.sequenceNumber)).toEqual(SCENARIOS.message!.map((_event, at) => at));
    expect(turn.timings.firstTokenMs).not.toBeNull();
    expect(turn.timings.endMs).not.toBeNull();
  });

  it('resumes a background stream dropped by the proxy from the last sequence number, without duplicates', async () => {
    const cut = 8;
    const drop = 'event: error\ndata: {"type":"error","code":"upstream_stream_failed","message":"broke","param":null,"sequence_number":null}\n\n';
    const fetchMock = vi.fn(async (_url: string) => sse(toSse(background.slice(cut - 2))));
    vi.stubGlobal('fetch', fetchMock);
    const turn = working();
    await runTurn(turn, async () => sse(toSse(background.slice(0, cut)) + drop), {}, () => undefined);
    expect(fetchMock).toHaveBeenCalledWith(`/api/responses/resp_test?stream=true&starting_after=${cut - 1}`, expect.anything());
    expect(turn.status).toBe('completed');
    expect(turn.resumeCount).toBe(1);
    const numbered = turn.events.filter((event) => event.sequenceNumber !== null).map((event) => event.sequenceNumber);
    expect(numbered).toEqual(background.map((_event, at) => at));
    expect(turn.transcript.error).toBeNull();
  }, 10_000);

  it('fails a foreground stream that ends early, keeping what arrived', async () => {
    const turn = working();
    await runTurn(turn, async () => sse(toSse(SCENARIOS.message!.slice(0, 6))), {}, () => undefined);
    expect(turn.status).toBe('error');
    expect(turn.error?.message).toContain('closed before the response finished');
    expect(turn.transcript.items).toHaveLength(1);
  });

  it('stop aborts and keeps everything, marked stopped', async () => {
    const turn = working();
    const done = runTurn(turn, async (signal) => sse(toSse(SCENARIOS.message!.slice(0, 6)), signal), {}, () => undefined);
    await vi.waitFor(() => expect(turn.events.length).toBe(6));
    turn.stopReason = 'stopped';
    turn.controller?.abort();
    await done;
    expect(turn.status).toBe('stopped');
    expect(turn.transcript.items).toHaveLength(1);
    expect(turn.events).toHaveLength(6);
  });

  it('reads the gateway error envelope and Retry-After of an HTTP error', async () => {
    const turn = working();
    const body = JSON.stringify({ error: { message: 'Too many requests', type: 'rate_limit_error', param: null, code: 'rate_limit_exceeded' } });
    await runTurn(turn, async () => new Response(body, { status: 429, headers: { 'retry-after': '7', 'content-type': 'application/json' } }), {}, () => undefined);
    expect(turn.status).toBe('error');
    expect(turn.error).toEqual({ message: 'Too many requests', type: 'rate_limit_error', code: 'rate_limit_exceeded', param: null, httpStatus: 429, retryAfterSeconds: 7 });
  });

  it('renders a non-streamed JSON response with the same items', async () => {
    const turn = working();
    const final = (SCENARIOS.reasoning!.at(-1) as unknown as { response: object }).response;
    await runTurn(turn, async () => Response.json(final), {}, () => undefined);
    expect(turn.status).toBe('completed');
    expect(turn.transcript.items.map((item) => item?.type)).toEqual(['reasoning', 'message']);
  });
});

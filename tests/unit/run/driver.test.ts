import { describe, expect, it, vi } from 'vitest';
import { RunDriver } from '@/lib/run/driver';
import type { RunState } from '@/lib/run/machine';
import { computeMetrics } from '@/lib/transcript/metrics';
import { BACKGROUND, CREATE, FINAL, manualClock, MESSAGE, PROXY_DROP, rateLimited, scriptedTransport, sseReply } from './helpers';

function drive(replies: Parameters<typeof scriptedTransport>[0], request = CREATE) {
  const { transport, calls } = scriptedTransport(replies);
  const clock = manualClock();
  const seen: RunState['status'][] = [];
  const driver = new RunDriver(request, { transport, clock, onChange: (state) => seen.push(state.status) });
  return { driver, calls, clock, seen };
}

describe('RunDriver', () => {
  it('streams a turn to completion through the transport, with the request as given', async () => {
    const { driver, calls, seen } = drive([() => sseReply(MESSAGE)]);
    await driver.start();
    expect(driver.state.status).toBe('completed');
    expect(calls).toEqual([{ method: 'create', body: CREATE.body, headers: CREATE.headers }]);
    expect([...new Set(seen)]).toEqual(['sending', 'waiting_first_token', 'streaming', 'completed']);
    expect(driver.state.events.map((event) => event.sequenceNumber)).toEqual(MESSAGE.map((_event, at) => at));
  });

  it('applies the events of one read as one change: 500 deltas arriving together notify once, with every delta applied and logged', async () => {
    const opening = MESSAGE.filter((event) => !event.type.startsWith('response.output_text') && !event.type.endsWith('.done') && event.type !== 'response.completed');
    const deltas = Array.from({ length: 500 }, (_, at) => ({ type: 'response.output_text.delta', item_id: 'msg_1', output_index: 0, content_index: 0, delta: `w${at} ` }));
    const completed = MESSAGE.at(-1)!;
    const events = [...opening, ...deltas, { ...completed, response: { ...(completed.response as object), output: [] } }].map((event, at) => ({ ...event, sequence_number: at }));
    const { driver, seen } = drive([() => sseReply(events)]);
    await driver.start();
    expect(seen).toEqual(['sending', 'waiting_first_token', 'streaming', 'completed']);
    expect(driver.state.events).toHaveLength(events.length);
    expect(driver.state.tokenEvents).toBe(500);
    expect(driver.state.transcript.items[0]).toMatchObject({ content: [{ text: deltas.map((delta) => delta.delta).join('') }] });
  });

  it('resumes a dropped background stream from the last sequence number: nothing lost, nothing duplicated', async () => {
    const cut = 8;
    const { driver, calls } = drive([() => sseReply([...BACKGROUND.slice(0, cut), PROXY_DROP]), () => sseReply(BACKGROUND.slice(cut - 2))]);
    await driver.start();
    expect(calls[1]).toMatchObject({ method: 'stream', id: 'resp_test', startingAfter: cut - 1, headers: CREATE.headers });
    expect(driver.state).toMatchObject({ status: 'completed', resumeCount: 1, error: null });
    const numbered = driver.state.events.filter((event) => event.sequenceNumber !== null).map((event) => event.sequenceNumber);
    expect(numbered).toEqual(BACKGROUND.map((_event, at) => at));
    expect(driver.state.transcript.items[0]).toMatchObject({ content: [{ text: 'Hello **world**, this is a streamed reply.' }] });
  });

  it('resumes after the browser loses the connection mid-stream too', async () => {
    const { driver, calls } = drive([() => sseReply(BACKGROUND.slice(0, 8), { breakAtEnd: true }), () => sseReply(BACKGROUND.slice(8))]);
    await driver.start();
    expect(calls.map((call) => call.method)).toEqual(['create', 'stream']);
    expect(driver.state.status).toBe('completed');
  });

  it('gives up after the resume attempts and stays dropped, resumable by hand', async () => {
    const broken = () => sseReply([], { breakAtEnd: true });
    const { transport, calls } = scriptedTransport([() => sseReply([...BACKGROUND.slice(0, 8), PROXY_DROP]), broken, broken, () => sseReply(BACKGROUND.slice(8))]);
    const driver = new RunDriver(CREATE, { transport, clock: manualClock(), policy: { resumeAttempts: 2 } });
    await driver.start();
    expect(driver.state).toMatchObject({ status: 'dropped', resumeCount: 2 });
    expect(driver.state.error?.message).not.toMatch(/TypeError|network error/);
    await driver.resume();
    expect(driver.state).toMatchObject({ status: 'completed', resumeCount: 3 });
    expect(calls.at(-1)).toMatchObject({ method: 'stream', startingAfter: 7 });
  });

  it('does not resume a foreground stream: it stays dropped with what arrived, and Retry sends it again', async () => {
    const { driver, calls } = drive([() => sseReply([...MESSAGE.slice(0, 8), PROXY_DROP]), () => sseReply(MESSAGE)]);
    await driver.start();
    expect(driver.state.status).toBe('dropped');
    expect(driver.state.transcript.items).toHaveLength(1);
    expect(calls).toHaveLength(1);
    await driver.retry();
    expect(driver.state).toMatchObject({ status: 'completed', attempt: 2 });
    expect(calls.map((call) => call.method)).toEqual(['create', 'create']);
  });

  it('waits out a 429 and retries once by itself; a second 429 ends in error', async () => {
    const { driver, calls, clock, seen } = drive([() => rateLimited('2'), () => rateLimited('2')]);
    await driver.start();
    expect(clock.slept).toEqual([2_000]);
    expect(calls.map((call) => call.method)).toEqual(['create', 'create']);
    expect(seen).toContain('rate_limited');
    expect(driver.state).toMatchObject({ status: 'error', attempt: 2, hasAutoRetried: true, error: { httpStatus: 429 } });
  });

  it('with isRateLimitRetried off, a 429 settles the turn rate_limited at once (no sleep) and retry() sends it again', async () => {
    const { transport, calls } = scriptedTransport([() => rateLimited('3'), () => sseReply(MESSAGE)]);
    const clock = manualClock();
    const driver = new RunDriver(CREATE, { transport, clock, policy: { isRateLimitRetried: false } });
    await driver.start();
    expect(clock.slept).toEqual([]);
    expect(driver.state).toMatchObject({ status: 'rate_limited', error: { httpStatus: 429, retryAfterSeconds: 3 } });
    await driver.retry();
    expect(driver.state).toMatchObject({ status: 'completed', attempt: 2 });
    expect(calls.map((call) => call.method)).toEqual(['create', 'create']);
  });

  it('a 429 followed by success completes on the automatic retry', async () => {
    const { driver } = drive([() => rateLimited('1'), () => sseReply(MESSAGE)]);
    await driver.start();
    expect(driver.state).toMatchObject({ status: 'completed', attempt: 2, error: null });
  });

  it('stop keeps what arrived and aborts the request', async () => {
    let signal: AbortSignal | undefined;
    const { driver } = drive([(s) => ((signal = s), sseReply(MESSAGE.slice(0, 6), { holdUntil: s }))]);
    const done = driver.start();
    await vi.waitFor(() => expect(driver.state.events).toHaveLength(6));
    driver.stop();
    await done;
    expect(signal?.aborted).toBe(true);
    expect(driver.state.status).toBe('stopped');
    expect(driver.state.events).toHaveLength(6);
    expect(driver.state.transcript.items).toHaveLength(1);
  });

  it('stop during a 429 countdown cancels the automatic retry', async () => {
    const { transport, calls } = scriptedTransport([() => rateLimited('30')]);
    const driver = new RunDriver(CREATE, { transport });
    const done = driver.start();
    await vi.waitFor(() => expect(driver.state.status).toBe('rate_limited'));
    driver.stop();
    await done;
    expect(driver.state.status).toBe('stopped');
    expect(calls).toHaveLength(1);
  });

  it('polls a background response sent without streaming until it settles', async () => {
    const final = FINAL;
    const queued = { ...final, status: 'queued', output: [] };
    const { driver, calls } = drive([() => Response.json(queued), () => Response.json({ ...queued, status: 'in_progress' }), () => Response.json(final)]);
    await driver.start();
    expect(calls.map((call) => call.method)).toEqual(['create', 'retrieve', 'retrieve']);
    expect(driver.state.status).toBe('completed');
    expect(driver.state.transcript.items.map((item) => item?.type)).toEqual(['message']);
  });

  it('reads a JSON reply by the shared response schema: usage with a missing count and an odd field are kept as far as they go', async () => {
    const reply = { ...FINAL, model: 7, usage: { input_tokens: 4, output_tokens: 9 }, error: null };
    const { driver } = drive([() => Response.json(reply)]);
    await driver.start();
    expect(driver.state.status).toBe('completed');
    expect(driver.state.transcript.response).toMatchObject({ id: FINAL.id, model: null, usage: { input_tokens: 4, output_tokens: 9 } });
    expect(computeMetrics(driver.state.timings, driver.state.transcript, 0).usage).toMatchObject({ input_tokens: 4, output_tokens: 9 });
  });

  it('ends the turn with an error saying so when a 2xx reply is not a response object (not taken for a lost connection)', async () => {
    for (const body of ['["not", "a", "response"]', 'plain text', '"just a string"']) {
      const { driver } = drive([() => new Response(body, { headers: { 'content-type': 'application/json' } })]);
      await driver.start();
      expect(driver.state.status).toBe('error');
      expect(driver.state.error).toMatchObject({ code: 'unexpected_reply', httpStatus: 200, message: 'The gateway answered 200 with something that is not a response object.' });
    }
  });

  it('cancel asks the gateway, then stops reading, marked cancelled', async () => {
    const { driver, calls } = drive([(s) => sseReply(BACKGROUND.slice(0, 6), { holdUntil: s }), () => Response.json({ id: 'resp_test', status: 'cancelled' })]);
    const done = driver.start();
    await vi.waitFor(() => expect(driver.state.events).toHaveLength(6));
    expect(await driver.cancel()).toBe(true);
    await done;
    expect(calls[1]).toMatchObject({ method: 'cancel', id: 'resp_test' });
    expect(driver.state.status).toBe('cancelled');
  });

  it('says in words when the request cannot reach the server', async () => {
    const { driver } = drive([() => Promise.reject(new TypeError('Failed to fetch'))]);
    await driver.start();
    expect(driver.state.status).toBe('error');
    expect(driver.state.error?.message).toContain('did not reach the playground server');
  });

  it('re-streams a response by id from the start for a resume turn, and reloads a retrieve turn', async () => {
    const { driver, calls } = drive([() => sseReply(BACKGROUND)], { body: { response_id: 'resp_test', stream: true }, headers: {}, kind: 'resume' });
    await driver.start();
    expect(calls).toEqual([{ method: 'stream', id: 'resp_test', startingAfter: null, headers: {} }]);
    expect(driver.state.status).toBe('completed');
    const final = FINAL;
    const load = drive([() => Response.json(final)], { body: { response_id: 'resp_test' }, headers: {}, kind: 'retrieve' });
    await load.driver.start();
    expect(load.calls[0]).toMatchObject({ method: 'retrieve', id: 'resp_test' });
    expect(load.driver.state.status).toBe('completed');
  });

  it('reads the stream through the one SSE record reader: `event: message` records, CRLF and a last record without its blank line complete the turn', async () => {
    const text = MESSAGE.map((event) => `event: message\r\ndata: ${JSON.stringify(event)}`).join('\r\n\r\n');
    const { driver } = drive([() => new Response(text, { headers: { 'content-type': 'text/event-stream' } })]);
    await driver.start();
    expect(driver.state).toMatchObject({ status: 'completed', error: null });
    expect(driver.state.events.map((event) => event.type)).toEqual(MESSAGE.map((event) => event.type));
  });
});

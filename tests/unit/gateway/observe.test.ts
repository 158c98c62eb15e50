// What the proxy records from a relayed stream or a polled reply: the run id is resolved at most once per stream or poll, never for a created stream, and every status goes to it.
import { beforeEach, describe, expect, it, vi } from 'vitest';

const calls = vi.hoisted(() => ({ resolved: [] as string[], records: [] as string[] }));
const ALIASES: Record<string, string> = { alias_asked: 'resp_run', alias_polled: 'resp_polled' };

vi.mock('@/lib/chains/record', () => ({
  resolveRecordedId: async (id: string) => {
    calls.resolved.push(id);
    return ALIASES[id] ?? id;
  },
  recordSeenResponse: async (seen: { id: string }) => void calls.records.push(`seen ${seen.id}`),
  recordSeenStatus: async (id: string, status: string) => void calls.records.push(`index ${id} ${status}`),
  recordResponseAliases: async (id: string, aliases: string[]) => void calls.records.push(`aliases ${id} ${aliases.join(',')}`),
}));
vi.mock('@/lib/history/record', () => ({
  recordSentRequest: async (entry: { responseId: string | null }) => void calls.records.push(`sent ${entry.responseId}`),
  recordSentRequestStatus: async (id: string, status: string) => void calls.records.push(`history ${id} ${status}`),
}));
vi.mock('@/lib/jobs/record', () => ({
  recordBackgroundJob: async (job: { responseId: string }) => void calls.records.push(`job ${job.responseId}`),
  recordJobStatus: async (id: string, status: string, source: string) => void calls.records.push(`job ${id} ${status} ${source}`),
}));

const { observeStream, recordPolled } = await import('@/lib/gateway/observe');

const event = (type: string, response: Record<string, unknown>) => ({ type, response: { object: 'response', model: 'm', ...response } });
const settle = () => new Promise((resolve) => setTimeout(resolve, 20));

beforeEach(() => {
  calls.resolved.length = 0;
  calls.records.length = 0;
});

describe('observeStream', () => {
  it('a created stream files every status under the id of response.created without resolving any id, other ids as its aliases', async () => {
    const observer = observeStream('alice', { body: { model: 'm', input: 'hi' }, onBehalfOf: 'alice', ownerId: null });
    await observer.onEvent('response.created', event('response.created', { id: 'resp_a', status: 'in_progress', background: true }));
    await observer.onEvent('response.in_progress', event('response.in_progress', { id: 'resp_b', status: 'in_progress', background: true }));
    await observer.onEvent('response.completed', event('response.completed', { id: 'resp_c', status: 'completed', background: true }));
    await settle();
    expect(calls.resolved).toEqual([]);
    expect(calls.records).toEqual(
      expect.arrayContaining(['seen resp_a', 'job resp_a', 'aliases resp_a resp_b', 'aliases resp_a resp_c', 'index resp_a completed', 'history resp_a completed', 'job resp_a completed stream']),
    );
    expect(calls.records.filter((line) => /resp_[bc] (in_progress|completed)/.test(line))).toEqual([]);
  });

  it('a retrieve stream asked by an alias resolves it once, however many events it carries', async () => {
    const observer = observeStream(null, null, 'alias_asked');
    for (const status of ['in_progress', 'in_progress', 'completed']) {
      await observer.onEvent(`response.${status}`, event(`response.${status}`, { id: 'alias_asked', status }));
    }
    await settle();
    expect(calls.resolved).toEqual(['alias_asked']);
    expect(calls.records.filter((line) => line.startsWith('index'))).toEqual(['index resp_run in_progress', 'index resp_run in_progress', 'index resp_run completed']);
    expect(calls.records).toContain('history resp_run completed');
  });
});

describe('recordPolled', () => {
  it('resolves the id asked for once, files the id the reply names as its alias, and sends the status to the run id', async () => {
    await recordPolled('alias_polled')({ id: 'resp_renamed', object: 'response', status: 'completed', background: true });
    await settle();
    expect(calls.resolved).toEqual(['alias_polled']);
    expect(calls.records).toEqual(
      expect.arrayContaining(['aliases resp_polled resp_renamed', 'job resp_polled completed poll', 'index resp_polled completed', 'history resp_polled completed']),
    );
    expect(calls.records.some((line) => line.includes('alias_polled'))).toBe(false);
  });

  it('records nothing for a reply that is not a response object', async () => {
    await recordPolled('resp_x')({ error: { message: 'gone' } });
    await settle();
    expect([calls.resolved, calls.records]).toEqual([[], []]);
  });
});

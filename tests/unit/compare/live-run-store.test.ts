// The page's live run: the snapshot, then cells, streamed text (by offset) and the end, applied once per frame; a streaming
// cell notifies only its own listeners, a settled one the whole run (totals) too, at most every RUN_PUBLISH_MS.
import { describe, expect, it } from 'vitest';
import { cellKey, LiveRunStore, RUN_PUBLISH_MS } from '@/components/compare/live-run-store';
import type { GridCell, GridRun } from '@/lib/grids/wire';
import { gridDefinitionSchema } from '@/lib/schema/grid';

const definition = gridDefinitionSchema.parse({
  name: 'g',
  base: { model: 'local-agent' },
  variants: [{ label: 'a', patch: {} }, { label: 'b', patch: {} }],
  rows: [{ label: 'r', input: 'hi' }],
});

function cell(variantIndex: number, fields: Partial<GridCell> = {}): GridCell {
  return {
    variant: definition.variants[variantIndex]!.label, row: 'r', variant_index: variantIndex, row_index: 0, status: 'queued', pass: null, output_text: '', response_id: null, model: null, on_behalf_of: null,
    error: null, checks: [], ttft_ms: null, total_ms: null, input_tokens: null, output_tokens: null, total_tokens: null, attempts: 0, rate_limit_retries: 0, retry_at: null, started_at: null, ended_at: null, ...fields,
  };
}

const SNAPSHOT: GridRun = {
  id: 'gridrun_1', grid_id: 'grid_1', status: 'running', concurrency: 4, cell_timeout_ms: 120_000, created_at: '', started_at: '', ended_at: null, elapsed_ms: 10, cells_done_at_start: 0,
  totals: { cells: 2, done: 0, passed: 0, failed: 0, pass_rate: null, variants: [] }, definition, variant_problems: [null, null], cells: [cell(0), cell(1)], regression: null,
};

function storeWithFrames() {
  const frames: (() => void)[] = [];
  let now = 1_000;
  let timers: { at: number; work: () => void }[] = [];
  const store = new LiveRunStore((flush) => frames.push(flush), { now: () => now, later: (work, ms) => void timers.push({ at: now + ms, work }) });
  const advance = (ms: number) => {
    now += ms;
    const due = timers.filter((timer) => timer.at <= now);
    timers = timers.filter((timer) => timer.at > now);
    for (const timer of due) timer.work();
  };
  return { store, nextFrame: () => frames.shift()?.(), advance, pendingTimers: () => timers.length };
}

describe('LiveRunStore', () => {
  it('applies nothing until the frame, then everything queued, in order', () => {
    const { store, nextFrame } = storeWithFrames();
    store.push({ event: 'snapshot', data: SNAPSHOT });
    store.push({ event: 'cell', data: cell(0, { status: 'running', attempts: 1 }) });
    expect(store.getView().run).toBeNull();
    nextFrame();
    expect(store.getCell(cellKey(0, 0))).toMatchObject({ status: 'running', attempts: 1 });
    expect(store.getView().run?.cells).toHaveLength(2);
  });

  it('appends streamed text at its offset, replaces from an earlier offset, and ignores a gap', () => {
    const { store, nextFrame } = storeWithFrames();
    store.push({ event: 'snapshot', data: SNAPSHOT });
    store.push({ event: 'text', data: { variant_index: 1, row_index: 0, offset: 0, text: 'Hello', output_tokens: 1, ttft_ms: 12 } });
    store.push({ event: 'text', data: { variant_index: 1, row_index: 0, offset: 5, text: ' there', output_tokens: 2, ttft_ms: 12 } });
    store.push({ event: 'text', data: { variant_index: 1, row_index: 0, offset: 5, text: '! How', output_tokens: 3, ttft_ms: 12 } });
    store.push({ event: 'text', data: { variant_index: 1, row_index: 0, offset: 99, text: 'lost', output_tokens: 9, ttft_ms: 12 } });
    nextFrame();
    expect(store.getCell(cellKey(1, 0))).toMatchObject({ output_text: 'Hello! How', output_tokens: 3, ttft_ms: 12 });
  });

  it('streamed text wakes only its cell; a settled cell also recomputes the run totals', () => {
    const { store, nextFrame, advance } = storeWithFrames();
    store.push({ event: 'snapshot', data: SNAPSHOT });
    nextFrame();
    const seen: string[] = [];
    store.subscribe(() => seen.push('run'));
    store.subscribeCell(cellKey(0, 0), () => seen.push('cell 0'));
    store.subscribeCell(cellKey(1, 0), () => seen.push('cell 1'));
    store.push({ event: 'text', data: { variant_index: 0, row_index: 0, offset: 0, text: 'Hi', output_tokens: 1, ttft_ms: 5 } });
    nextFrame();
    expect(seen).toEqual(['cell 0']);
    advance(RUN_PUBLISH_MS);
    store.push({ event: 'cell', data: cell(1, { status: 'completed', pass: true }) });
    nextFrame();
    expect(seen).toEqual(['cell 0', 'cell 1', 'run']);
    expect(store.getView().run?.totals).toMatchObject({ cells: 2, done: 1, passed: 1, pass_rate: 1 });
  });

  it('cells settling within RUN_PUBLISH_MS wake the run once, on the tick, with every change in it', () => {
    const { store, nextFrame, advance, pendingTimers } = storeWithFrames();
    store.push({ event: 'snapshot', data: SNAPSHOT });
    nextFrame();
    const seen: string[] = [];
    store.subscribe(() => seen.push('run'));
    store.subscribeCell(cellKey(0, 0), () => seen.push('cell 0'));
    store.subscribeCell(cellKey(1, 0), () => seen.push('cell 1'));
    store.push({ event: 'cell', data: cell(0, { status: 'completed', pass: true }) });
    nextFrame();
    advance(16);
    store.push({ event: 'cell', data: cell(1, { status: 'completed', pass: false }) });
    nextFrame();
    // Each cell showed on its frame; the totals wait for the tick.
    expect(seen).toEqual(['cell 0', 'cell 1']);
    expect(store.getView().run?.totals).toMatchObject({ done: 0 });
    expect(pendingTimers()).toBe(1);
    advance(RUN_PUBLISH_MS);
    expect(seen).toEqual(['cell 0', 'cell 1', 'run']);
    expect(store.getView().run?.totals).toMatchObject({ cells: 2, done: 2, passed: 1, failed: 1 });
    expect(store.getView().run?.cells.map((entry) => entry.status)).toEqual(['completed', 'completed']);
  });

  it('a new run status and the end show at once, between ticks', () => {
    const { store, nextFrame, advance } = storeWithFrames();
    store.push({ event: 'snapshot', data: SNAPSHOT });
    nextFrame();
    advance(10);
    store.push({ event: 'run', data: { ...SNAPSHOT, status: 'running', elapsed_ms: 20 } });
    nextFrame();
    // Same status, a new elapsed time: waits for the tick.
    expect(store.getView().run?.elapsed_ms).toBe(10);
    store.push({ event: 'run', data: { ...SNAPSHOT, status: 'completed', elapsed_ms: 30, ended_at: 'x' } });
    nextFrame();
    expect(store.getView().run).toMatchObject({ status: 'completed', elapsed_ms: 30 });
    store.push({ event: 'end', data: { status: 'completed' } });
    nextFrame();
    expect(store.getView().isEnded).toBe(true);
  });

  it('a run event updates the status and elapsed time; end marks the stream over', () => {
    const { store, nextFrame } = storeWithFrames();
    store.push({ event: 'snapshot', data: SNAPSHOT });
    store.push({ event: 'run', data: { ...SNAPSHOT, status: 'completed', elapsed_ms: 900, ended_at: 'x' } });
    store.push({ event: 'end', data: { status: 'completed' } });
    nextFrame();
    expect(store.getView()).toMatchObject({ isEnded: true, run: { status: 'completed', elapsed_ms: 900 } });
  });
});

// The draft store on its react-hook-form control: values kept in step both ways, wire order and cleared fields, listeners by path, issues checked after typing pauses.
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { CHECK_DELAY_MS, createDraftStore, loadDraftChecker } from '@/components/request/draft-store';
import { isPathRelated } from '@/components/request/path-listeners';

// Once loaded (the playground loads it with the first edit or send), the checker answers synchronously.
beforeAll(async () => {
  await loadDraftChecker();
});

afterEach(() => {
  vi.useRealTimers();
});

describe('the draft and its form control', () => {
  it('a field set by path reaches the form values, in the spec order, and a cleared field leaves no empty parent', () => {
    const store = createDraftStore({ body: { model: 'local-agent', input: 'hi', custom_field: { keep: true } }, onBehalfOf: '' });
    store.setField('instructions', 'Be brief.');
    store.setField('reasoning.summary', 'auto');
    expect(Object.keys(store.getState().draft.body)).toEqual(['model', 'input', 'instructions', 'reasoning', 'custom_field']);
    expect(store.form.getValues('body.instructions')).toBe('Be brief.');
    expect(store.form.getValues('body.reasoning')).toEqual({ summary: 'auto' });
    store.setField('reasoning.summary', undefined);
    expect(store.getState().draft.body).toEqual({ model: 'local-agent', input: 'hi', instructions: 'Be brief.', custom_field: { keep: true } });
    expect(store.form.getValues('body.reasoning')).toBeUndefined();
  });

  it('what a registered input typed (react-hook-form stored it first) becomes the body, unknown fields kept', () => {
    const store = createDraftStore({ body: { model: 'local-agent', input: [{ role: 'user', content: [{ type: 'input_text', text: 'a' }] }], x_new: 1 }, onBehalfOf: '' });
    store.form.setValue('body.input[0].content[0].text', 'ab');
    store.takeTyped('input[0].content[0].text', 'ab');
    expect(store.getState().draft.body).toEqual({ model: 'local-agent', input: [{ role: 'user', content: [{ type: 'input_text', text: 'ab' }] }], x_new: 1 });
    store.form.setValue('onBehalfOf', 'user-42');
    store.takeTypedOnBehalfOf('user-42');
    expect(store.getState().draft.onBehalfOf).toBe('user-42');
  });

  it('a whole body from the JSON editor or an import replaces the form values too', () => {
    const store = createDraftStore({ body: { model: 'a', instructions: 'old' }, onBehalfOf: 'alice' });
    store.setBody({ model: 'b', metadata: { k: 'v' } });
    expect(store.form.getValues('body')).toEqual({ model: 'b', metadata: { k: 'v' } });
    store.replaceDraft({ body: { model: 'c' }, onBehalfOf: 'bob' });
    expect(store.form.getValues()).toEqual({ body: { model: 'c' }, onBehalfOf: 'bob' });
    expect(store.getState()).toEqual({ draft: { body: { model: 'c' }, onBehalfOf: 'bob' }, fieldErrors: {} });
  });
});

describe('listeners by path', () => {
  it('a change wakes the listeners at, inside and above its path, and the whole-body ones, not the others', () => {
    const store = createDraftStore({ body: { model: 'm', input: [{ role: 'user', content: 'x' }], tools: [{ type: 'function', name: 'f' }] }, onBehalfOf: '' });
    const woken: string[] = [];
    for (const path of ['', 'input', 'input[0].content', 'input[1]', 'tools', 'tools[0].name', 'model']) store.subscribePath(path, () => woken.push(path));
    store.setField('input[0].content', 'xy');
    expect(woken.sort()).toEqual(['', 'input', 'input[0].content']);
    woken.length = 0;
    store.setBody({ model: 'm' });
    expect(woken.sort()).toEqual(['', 'input', 'input[0].content', 'input[1]', 'tools', 'tools[0].name']);
  });

  it('relates paths by whole segments only', () => {
    expect(isPathRelated('tools[1]', 'tools[1].name')).toBe(true);
    expect(isPathRelated('tools[1].name', 'tools')).toBe(true);
    expect(isPathRelated('tools[1]', 'tools[10].name')).toBe(false);
    expect(isPathRelated('text', 'text_extra')).toBe(false);
  });
});

describe('issues', () => {
  it('sending sees an issue at once; the fields show it once typing has paused, through the form resolver', async () => {
    vi.useFakeTimers();
    const store = createDraftStore({ body: { model: 'local-agent', input: 'hi' }, onBehalfOf: '' });
    expect(store.getShownIssues()).toEqual([]);
    store.setField('temperature', 9);
    expect(store.getIssues().map((issue) => issue.param)).toEqual(['temperature']);
    expect(store.getShownIssues()).toEqual([]);
    const shown = vi.fn();
    store.subscribeShownIssues(shown);
    await vi.advanceTimersByTimeAsync(CHECK_DELAY_MS + 10);
    expect(store.getShownIssues().map((issue) => issue.param)).toEqual(['temperature']);
    expect(shown).toHaveBeenCalledTimes(1);
    expect(store.form.getFieldState('body.temperature').error?.message).toBe(store.getIssues()[0]?.message);
  });

  it('a header the gateway would refuse is an issue named X-On-Behalf-Of', () => {
    const store = createDraftStore({ body: { model: 'local-agent', input: 'hi' }, onBehalfOf: 'é' });
    expect(store.getIssues().map((issue) => issue.param)).toEqual(['X-On-Behalf-Of']);
  });
});

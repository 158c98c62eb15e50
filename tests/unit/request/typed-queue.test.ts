// Typing queued for the next frame (typed-queue.ts) is never lost nor reordered: any read or change of a draft store takes it in first; views that render read without taking it.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createDraftStore, type DraftStore } from '@/components/request/draft-store';
import { hasQueuedTyped, queueTyped } from '@/components/request/typed-queue';

const frames: Array<() => void> = [];

beforeAll(() => {
  vi.stubGlobal('requestAnimationFrame', (callback: () => void) => frames.push(callback));
  vi.stubGlobal('cancelAnimationFrame', () => undefined);
});

afterAll(() => {
  vi.unstubAllGlobals();
});

/** A registered control at `path` as quiet typing sees it: its text, and an input event queued for its form handler. */
const controls = new Map<string, { value: string }>();
function typeInto(store: DraftStore, path: string, text: string) {
  const control = controls.get(path) ?? { value: '' };
  controls.set(path, control);
  control.value = text;
  queueTyped(control as unknown as EventTarget, { type: 'input', target: control } as unknown as Event, (event) => {
    const value = (event.target as unknown as { value: string }).value;
    store.form.setValue(`body.${path}`, value);
    store.takeTyped(path, value);
  });
}

describe('typing queued for the next frame', () => {
  it('reaches the draft, its listeners and the saved draft with the next frame, once', () => {
    const store = createDraftStore({ body: { model: 'local-agent', input: '', x_unknown: { kept: true } }, onBehalfOf: '' });
    const changed = vi.fn();
    store.subscribe(changed);
    typeInto(store, 'input', 'H');
    typeInto(store, 'input', 'Hi');
    // Rendering reads without taking it in (a render must not change the store).
    expect(store.peekState().draft.body.input).toBe('');
    expect(changed).not.toHaveBeenCalled();
    for (const callback of frames.splice(0)) callback();
    expect(changed).toHaveBeenCalledTimes(1);
    expect(store.peekState().draft.body).toEqual({ model: 'local-agent', input: 'Hi', x_unknown: { kept: true } });
    expect(hasQueuedTyped()).toBe(false);
  });

  it('is taken in before any read (send, save) and before any change (so a change made after typing wins)', () => {
    const store = createDraftStore({ body: { model: 'local-agent', input: '' }, onBehalfOf: '' });
    typeInto(store, 'input', 'Say hello');
    expect(store.getState().draft.body.input).toBe('Say hello');

    typeInto(store, 'instructions', 'Be brief');
    expect(store.getIssues()).toEqual([]);
    expect(store.peekState().draft.body.instructions).toBe('Be brief');

    // Sending clears the input right after the last key: the cleared value stays.
    typeInto(store, 'input', 'Say hello again');
    store.setField('input', '');
    expect(store.getState().draft.body.input).toBe('');
    expect(store.form.getValues('body.input')).toBe('');

    // The JSON editor or an import replaces the body after typing: the replacement stays.
    typeInto(store, 'input', 'typed');
    store.setBody({ model: 'local-agent', input: 'from JSON' });
    expect(store.getState().draft.body).toEqual({ model: 'local-agent', input: 'from JSON' });
    typeInto(store, 'input', 'typed');
    store.replaceDraft({ body: { model: 'other' }, onBehalfOf: '' });
    expect(store.getState().draft.body).toEqual({ model: 'other' });
    for (const callback of frames.splice(0)) callback();
    expect(store.getState().draft.body).toEqual({ model: 'other' });
  });
});

// The draft checker (zod) loads with the first edit, send or restored draft, not with the page: what each sees before and after.
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { listDraftIssues } from '@/components/request/draft-checker';
import { createDefaultDraft, isDefaultDraft } from '@/components/request/request-draft';

/** A fresh module graph: the checker not loaded yet, as on a new visit. */
async function freshStoreModules() {
  vi.resetModules();
  const form = await import('@/components/request/draft-form');
  const store = await import('@/components/request/draft-store');
  return { ...form, ...store };
}

beforeEach(() => {
  vi.useRealTimers();
});

describe('the draft checker, loaded on first use', () => {
  it("a new request's draft has no issues by the schema: the store may show it unchecked", () => {
    expect(isDefaultDraft(createDefaultDraft())).toBe(true);
    expect(listDraftIssues(createDefaultDraft())).toEqual([]);
    expect(isDefaultDraft({ body: { ...createDefaultDraft().body, temperature: 3 }, onBehalfOf: '' })).toBe(false);
    expect(isDefaultDraft({ ...createDefaultDraft(), onBehalfOf: 'alice' })).toBe(false);
  });

  it('a store over the default draft does not load the checker; the first edit does, and its issue reaches the field', async () => {
    const { createDraftStore, peekDraftChecker } = await freshStoreModules();
    const store = createDraftStore(createDefaultDraft());
    expect(store.getShownIssues()).toEqual([]);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(peekDraftChecker()).toBeNull();

    store.setField('temperature', 3);
    await vi.waitFor(() => expect(store.getShownIssues().map((issue) => issue.param)).toEqual(['temperature']));
    expect(peekDraftChecker()).not.toBeNull();
    expect(store.form.getFieldState('body.temperature').error?.message).toBe(store.getShownIssues()[0]?.message);
  });

  it('sending before the checker has loaded waits for it and sees the issues of the draft as it is then, shown at once', async () => {
    const { createDraftStore, peekDraftChecker } = await freshStoreModules();
    const store = createDraftStore(createDefaultDraft());
    store.setField('top_p', 7);
    expect(peekDraftChecker()).toBeNull();
    const issues = await store.checkIssues();
    expect(issues.map((issue) => issue.param)).toEqual(['top_p']);
    expect(store.getShownIssues().map((issue) => issue.param)).toEqual(['top_p']);
    expect(store.getIssues()).toBe(issues);
  });

  it('a restored draft that is not the default is checked as soon as the checker loads, without an edit', async () => {
    const { createDraftStore } = await freshStoreModules();
    const store = createDraftStore({ body: { model: 'local-agent', input: 'hi', temperature: 3 }, onBehalfOf: '' });
    await vi.waitFor(() => expect(store.getShownIssues().map((issue) => issue.param)).toEqual(['temperature']));
  });

  it('a view reading getIssues() on whole-draft changes (the compare dialog) hears of the first check, without an edit', async () => {
    const { createDraftStore } = await freshStoreModules();
    const store = createDraftStore({ body: { model: 'local-agent', input: 'hi', top_p: 7 }, onBehalfOf: '' });
    const seen: string[][] = [];
    store.subscribe(() => seen.push(store.getIssues().map((issue) => issue.param)));
    await vi.waitFor(() => expect(seen).toContainEqual(['top_p']));
  });
});

// The open thread's URL store: an arrival or a clicked link asks for a thread; the router's echo of the page's own write never does.
import { describe, expect, it } from 'vitest';
import { OPEN_THREAD_STORAGE_KEY, ThreadUrlStore, type ThreadUrlPort } from '@/components/request/thread-url';
import { findThreadHead, threadLinks } from '@/components/request/use-open-thread';

function fakeBrowser(href: string, stored: string | null = null) {
  const browser = { href, stored, replaced: [] as string[] };
  const port: ThreadUrlPort = {
    href: () => browser.href,
    replace: (url) => {
      browser.replaced.push(url);
      browser.href = url;
    },
    readStored: () => browser.stored,
    writeStored: (value) => {
      browser.stored = value;
    },
  };
  return { browser, port };
}

const searchOf = (href: string) => new URL(href).searchParams.toString();

describe('ThreadUrlStore: what an arrival asks for', () => {
  it('opens ?response= with its branch and user, and ?previous_response_id= as a continue', () => {
    expect(new ThreadUrlStore(fakeBrowser('http://app/').port, 'response=resp_2&branch_of=resp_9&on_behalf_of=ann').getRequested()).toEqual({
      id: 'resp_2',
      isContinue: false,
      branchOf: 'resp_9',
      onBehalfOf: 'ann',
    });
    expect(new ThreadUrlStore(fakeBrowser('http://app/').port, 'previous_response_id=resp_5').getRequested()).toEqual({ id: 'resp_5', isContinue: true, branchOf: null, onBehalfOf: null });
  });

  it("falls back to this tab's stored thread (the JSON form, or an older tab's bare id), and to nothing", () => {
    expect(new ThreadUrlStore(fakeBrowser('http://app/', '{"id":"resp_s","branchOf":"resp_l"}').port, '').getRequested()).toMatchObject({ id: 'resp_s', branchOf: 'resp_l' });
    expect(new ThreadUrlStore(fakeBrowser('http://app/', 'resp_bare').port, '').getRequested()).toMatchObject({ id: 'resp_bare', branchOf: null });
    expect(new ThreadUrlStore(fakeBrowser('http://app/', '{"broken').port, '').getRequested()).toBeNull();
    expect(new ThreadUrlStore(fakeBrowser('http://app/').port, '').getRequested()).toBeNull();
  });
});

describe('ThreadUrlStore: links and echoes', () => {
  it('a clicked ?response= link asks for that thread and tells subscribers; the same query again changes nothing', () => {
    const store = new ThreadUrlStore(fakeBrowser('http://app/').port, '');
    let told = 0;
    store.subscribe(() => (told += 1));
    store.navigated('response=resp_old');
    expect([store.getRequested()?.id, told]).toEqual(['resp_old', 1]);
    store.navigated('response=resp_old');
    expect(told).toBe(1);
  });

  it('the echo of its own writes is not a link, even when it arrives after a send began (and after a later write)', () => {
    const { browser, port } = fakeBrowser('http://app/');
    const store = new ThreadUrlStore(port, '');
    let told = 0;
    store.subscribe(() => (told += 1));
    store.show({ head: 'resp_a', branchOf: null, turnCount: 1 });
    store.show({ head: null, branchOf: null, turnCount: 2 });
    store.show({ head: 'resp_b', branchOf: null, turnCount: 2 });
    expect(browser.replaced.map(searchOf)).toEqual(['response=resp_a', 'response=resp_b']);
    store.navigated('response=resp_a');
    store.navigated('response=resp_b');
    expect([store.getRequested(), told]).toEqual([null, 0]);
    // Once echoed, the same query from a link is a link again.
    store.navigated('response=resp_c');
    store.navigated('response=resp_a');
    expect([store.getRequested()?.id, told]).toEqual(['resp_a', 2]);
  });

  it('a link to the thread already shown opens nothing, a link without a thread neither', () => {
    const { port } = fakeBrowser('http://app/?response=resp_x');
    const store = new ThreadUrlStore(port, 'response=resp_x');
    const first = store.getRequested();
    store.show({ head: 'resp_y', branchOf: null, turnCount: 2 });
    store.navigated('response=resp_y&utm=1');
    store.navigated('');
    expect(store.getRequested()).toBe(first);
  });
});

describe('ThreadUrlStore.show (what the URL and the tab remember)', () => {
  it('writes ?response= and &branch_of=, drops the arrival-only parameters, keeps others, and stores the thread', () => {
    const { browser, port } = fakeBrowser('http://app/?previous_response_id=resp_p&on_behalf_of=ann&debug=1');
    new ThreadUrlStore(port, searchOf(browser.href)).show({ head: 'resp_h', branchOf: 'resp_leaf', turnCount: 3 });
    expect(browser.href).toBe('http://app/?debug=1&response=resp_h&branch_of=resp_leaf');
    expect(JSON.parse(browser.stored ?? '')).toEqual({ id: 'resp_h', branchOf: 'resp_leaf' });
  });

  it('keeps the URL while a turn runs, forgets the thread when the transcript is empty, and writes nothing off the playground page', () => {
    const { browser, port } = fakeBrowser('http://app/?response=resp_h', '{"id":"resp_h","branchOf":null}');
    const store = new ThreadUrlStore(port, 'response=resp_h');
    store.show({ head: null, branchOf: null, turnCount: 2 });
    expect([browser.href, browser.replaced]).toEqual(['http://app/?response=resp_h', []]);
    store.show({ head: null, branchOf: null, turnCount: 0 });
    expect([browser.href, browser.stored]).toEqual(['http://app/', null]);
    const elsewhere = fakeBrowser('http://app/jobs?x=1');
    new ThreadUrlStore(elsewhere.port, 'x=1').show({ head: 'resp_z', branchOf: null, turnCount: 1 });
    expect([elsewhere.browser.replaced, elsewhere.browser.stored]).toEqual([[], null]);
  });

  it('uses the storage key the e2e tests and older tabs share', () => {
    expect(OPEN_THREAD_STORAGE_KEY).toBe('playground.openThread');
  });
});

describe('the thread head and links', () => {
  const turn = (id: string | undefined, store?: boolean) => ({ transcript: { response: id === undefined ? null : { id, ...(store === undefined ? {} : { store }) } }, request: { body: { input: `sent ${id}` } } });
  type Run = Parameters<typeof findThreadHead>[0];

  it('continues from the last settled, stored response only', () => {
    expect(findThreadHead({ turns: [turn('resp_1'), turn('resp_2')], isRunning: false } as unknown as Run)).toBe('resp_2');
    expect(findThreadHead({ turns: [turn('resp_1'), turn('resp_2')], isRunning: true } as unknown as Run)).toBeNull();
    expect(findThreadHead({ turns: [turn('resp_1', false)], isRunning: false } as unknown as Run)).toBeNull();
    expect(findThreadHead({ turns: [turn(undefined)], isRunning: false } as unknown as Run)).toBeNull();
    expect(findThreadHead({ turns: [], isRunning: false } as unknown as Run)).toBeNull();
  });

  it('lists the turns that have an id with what each sent', () => {
    expect(threadLinks({ turns: [turn('resp_1'), turn(undefined), turn('resp_3')] } as unknown as Run)).toEqual([
      { id: 'resp_1', input: 'sent resp_1' },
      { id: 'resp_3', input: 'sent resp_3' },
    ]);
  });
});

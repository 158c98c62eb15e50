// Quiet typing: one capture listener on the window hands a registered control's input to its form handler and ends its typing events there (React never dispatches them); everything else passes.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { quietInputs } from '@/components/request/draft-context';

let QUIET_EVENTS: readonly string[] = [];

type Listener = (event: Event) => void;
const listeners: Array<{ type: string; listener: Listener; capture: boolean }> = [];
const realWindow = (globalThis as { window?: unknown }).window;

beforeAll(async () => {
  (globalThis as { window?: unknown }).window = {
    addEventListener: (type: string, listener: Listener, options?: { capture?: boolean }) => listeners.push({ type, listener, capture: options?.capture === true }),
  };
  // The listener is added when the module loads (the playground imports it with the first focus); a second import adds none.
  QUIET_EVENTS = (await import('@/components/request/quiet-typing')).QUIET_EVENTS;
  await import('@/components/request/quiet-typing');
});

afterAll(() => {
  (globalThis as { window?: unknown }).window = realWindow;
});

/** Sends an event of `type` from `target` through the window's capture listener; says whether it propagates further. */
function send(type: string, target: object): { propagates: boolean } {
  let propagates = true;
  const event = { type, target, stopPropagation: () => (propagates = false) } as unknown as Event;
  for (const entry of listeners.filter((candidate) => candidate.type === type)) entry.listener(event);
  return { propagates };
}

describe('quiet typing', () => {
  it('listens once, in the capture phase on the window (ahead of React on the document), to the typing events', () => {
    expect(listeners.map((entry) => entry.type)).toEqual(['keypress', 'textInput', 'beforeinput', 'input', 'keyup']);
    expect(listeners.every((entry) => entry.capture)).toBe(true);
    expect(QUIET_EVENTS).not.toContain('keydown');
  });

  it("gives a registered control's input to its form handler once and stops all its typing events there", () => {
    const control = new EventTarget();
    const handler = vi.fn();
    quietInputs.set(control, handler);
    for (const type of QUIET_EVENTS) expect(send(type, control)).toEqual({ propagates: false });
    expect(handler).toHaveBeenCalledTimes(1);
    expect(handler.mock.calls[0]![0]).toMatchObject({ type: 'input', target: control });
  });

  it('lets the events of any other element pass untouched (other inputs, the search box, CodeMirror)', () => {
    const handler = vi.fn();
    quietInputs.set(new EventTarget(), handler);
    const other = new EventTarget();
    for (const type of QUIET_EVENTS) expect(send(type, other)).toEqual({ propagates: true });
    expect(send('input', null as unknown as object)).toEqual({ propagates: true });
    expect(handler).not.toHaveBeenCalled();
  });
});

// Quiet typing: one capture listener on the window queues a registered control's input for its form handler (handed over once a frame) and ends its typing events there (React never dispatches them); shortcuts and everything else pass.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { quietInputs } from '@/components/request/draft-context';
import { flushTyped } from '@/components/request/typed-queue';

let QUIET_EVENTS: readonly string[] = [];

type Listener = (event: Event) => void;
const listeners: Array<{ type: string; listener: Listener; capture: boolean }> = [];
const frames: Array<() => void> = [];
const realWindow = (globalThis as { window?: unknown }).window;

beforeAll(async () => {
  (globalThis as { window?: unknown }).window = {
    addEventListener: (type: string, listener: Listener, options?: { capture?: boolean }) => listeners.push({ type, listener, capture: options?.capture === true }),
  };
  vi.stubGlobal('requestAnimationFrame', (callback: () => void) => frames.push(callback));
  vi.stubGlobal('cancelAnimationFrame', () => undefined);
  // The listener is added when the module loads (the playground imports it with the first focus); a second import adds none.
  QUIET_EVENTS = (await import('@/components/request/quiet-typing')).QUIET_EVENTS;
  await import('@/components/request/quiet-typing');
});

afterAll(() => {
  (globalThis as { window?: unknown }).window = realWindow;
  vi.unstubAllGlobals();
});

/** Sends an event of `type` from `target` through the window's capture listener; says whether it propagates further. */
function send(type: string, target: object, key: Partial<KeyboardEvent> = {}): { propagates: boolean } {
  let propagates = true;
  const event = { type, target, key: 'a', ctrlKey: false, altKey: false, metaKey: false, isComposing: false, ...key, stopPropagation: () => (propagates = false) } as unknown as Event;
  for (const entry of listeners.filter((candidate) => candidate.type === type)) entry.listener(event);
  return { propagates };
}

function runFrames() {
  for (const callback of frames.splice(0)) callback();
}

describe('quiet typing', () => {
  it('listens once, in the capture phase on the window (ahead of React on the document), to the typing events', () => {
    expect(listeners.map((entry) => entry.type)).toEqual(['keydown', 'keypress', 'textInput', 'beforeinput', 'input', 'keyup']);
    expect(listeners.every((entry) => entry.capture)).toBe(true);
    expect(QUIET_EVENTS).toContain('keydown');
  });

  it("queues a registered control's input for its form handler (once a frame, the latest input) and stops all its typing events there", () => {
    const control = new EventTarget();
    const handler = vi.fn();
    quietInputs.set(control, handler);
    for (const type of QUIET_EVENTS) expect(send(type, control)).toEqual({ propagates: false });
    expect(send('input', control)).toEqual({ propagates: false });
    // Nothing reaches the form while the keys come; the next frame hands the control's input over once.
    expect(handler).not.toHaveBeenCalled();
    runFrames();
    expect(handler).toHaveBeenCalledTimes(1);
    expect(handler.mock.calls[0]![0]).toMatchObject({ type: 'input', target: control });
    runFrames();
    expect(handler).toHaveBeenCalledTimes(1);
  });

  it('hands queued input over at once when asked (a read of the draft before the frame), and only once', () => {
    const first = new EventTarget();
    const second = new EventTarget();
    const order: string[] = [];
    quietInputs.set(first, () => order.push('first'));
    quietInputs.set(second, () => order.push('second'));
    send('input', second);
    send('input', first);
    flushTyped();
    expect(order).toEqual(['second', 'first']);
    runFrames();
    flushTyped();
    expect(order).toEqual(['second', 'first']);
  });

  it("lets a registered control's shortcut keys through: only keys that just type end at the window", () => {
    const control = new EventTarget();
    quietInputs.set(control, vi.fn());
    for (const key of ['a', 'Z', ' ', '/', 'é', '😀', 'Backspace', 'Delete']) expect(send('keydown', control, { key })).toEqual({ propagates: false });
    for (const key of ['Enter', 'Escape', 'Tab', 'ArrowUp', 'PageUp', 'Home', 'F5', 'Dead', 'Process']) expect(send('keydown', control, { key })).toEqual({ propagates: true });
    expect(send('keydown', control, { key: 'Enter', ctrlKey: true })).toEqual({ propagates: true });
    expect(send('keydown', control, { key: 'p', altKey: true, shiftKey: true })).toEqual({ propagates: true });
    expect(send('keydown', control, { key: 'z', metaKey: true })).toEqual({ propagates: true });
    expect(send('keydown', control, { key: 'a', isComposing: true })).toEqual({ propagates: true });
  });

  it('lets the events of any other element pass untouched (other inputs, the search box, CodeMirror)', () => {
    const handler = vi.fn();
    quietInputs.set(new EventTarget(), handler);
    const other = new EventTarget();
    for (const type of QUIET_EVENTS) expect(send(type, other)).toEqual({ propagates: true });
    expect(send('input', null as unknown as object)).toEqual({ propagates: true });
    runFrames();
    expect(handler).not.toHaveBeenCalled();
  });
});

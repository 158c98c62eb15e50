// Typed text waiting to reach the draft: a registered control's input is handed to its form handler once a frame, or at once when anything reads or changes a draft.
/**
 * Chromium traces, 180 keys into the composer: the form handler (react-hook-form's onChange, the draft store's copy of
 * the body, its listeners, the save and check timers) ran on every input event, about 0.28 ms of the renderer's main
 * thread a key (a third of what the playground adds to a plain textarea). The control itself keeps what was typed, so
 * the form only needs the text by the time something looks: the next frame (views of the draft repaint in the same
 * frame as the typed text), or any read or change of a draft store before that (send, save, the JSON editor, a button),
 * which takes the queue first (draft-store.ts). Keys faster than frames (a paste, auto-repeat, a fast typist, a robot)
 * cost one hand-over a frame instead of one each.
 */

type Handler = (event: Event) => unknown;

/** The latest input of each control, in the order they were last typed into. */
const queued = new Map<EventTarget, { event: Event; handler: Handler }>();
let frame: number | null = null;

/** Queues `event` (an input event of a registered control) for `handler`; the next frame hands it over. */
export function queueTyped(target: EventTarget, event: Event, handler: Handler): void {
  queued.delete(target);
  queued.set(target, { event, handler });
  frame ??= requestAnimationFrame(takeQueued);
}

function takeQueued() {
  frame = null;
  flushTyped();
}

/** Hands every queued input to its form handler now (each reads its control's current text). */
export function flushTyped(): void {
  if (frame !== null) {
    cancelAnimationFrame(frame);
    frame = null;
  }
  if (queued.size === 0) return;
  const entries = [...queued.values()];
  queued.clear();
  for (const { event, handler } of entries) void handler(event);
}

export function hasQueuedTyped(): boolean {
  return queued.size > 0;
}

// Typing into the form's registered text controls without React's event dispatch: their input reaches the form natively, once a frame.
/**
 * React handles every event at the document: for each key it walks from the target to the root of the page twice per
 * event (capture and bubble) for keydown, keypress, textInput, input and keyup, whether or not anything listens. The
 * registered controls need none of it: react-hook-form reads the element itself. So one capture listener on the window,
 * ahead of React's on the document, queues a registered control's `input` for its form handler (typed-queue.ts: handed
 * over at the next frame, or sooner when anything reads the draft) and ends its typing events there; nothing in the page
 * listens to them. A keydown ends there too when it only types (a character, Backspace or Delete, with no Ctrl, Alt or
 * Meta): no shortcut of the page reacts to those in a text control. Every other keydown propagates (Ctrl+Enter, Escape,
 * Tab, Alt+Shift+P, arrows), and so do paste, composition, focus and blur; the browser's own editing (insertion, undo,
 * IME) is untouched. In Chromium traces React's dispatch fell from ten to two a key (about 0.14 ms a key less), then with
 * the keydown and the queue the renderer's main thread spent about 0.5 ms a key less again.
 * Installed when loaded, with the draft checker (draft-checker.ts; the first focus in the playground loads it): until then
 * React passes the same input to the same handler (the control's onChange), so a control's input reaches the form once
 * either way.
 * Caution: a document or window listener for these events (or a React onKeyDown above a registered control) does not
 * hear a registered control's typing; listen on the control itself, or for keydown, use a modifier.
 */
import { quietInputs } from './draft-context';
import { queueTyped } from './typed-queue';

/** The typing events React would see for the registered controls (keydown only when it just types, see isTypingKey). */
export const QUIET_EVENTS = ['keydown', 'keypress', 'textInput', 'beforeinput', 'input', 'keyup'] as const;

/** A key that only edits the text: a character, Backspace or Delete, without Ctrl, Alt or Meta (Shift is part of typing). */
export function isTypingKey(event: Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'altKey' | 'metaKey' | 'isComposing'>): boolean {
  if (event.ctrlKey || event.altKey || event.metaKey || event.isComposing) return false;
  return [...event.key].length === 1 || event.key === 'Backspace' || event.key === 'Delete';
}

function onCapture(event: Event) {
  const target = event.target;
  const handler = target ? quietInputs.get(target) : undefined;
  if (!target || !handler) return;
  if (event.type === 'keydown' && !isTypingKey(event as KeyboardEvent)) return;
  event.stopPropagation();
  if (event.type === 'input') queueTyped(target, event, handler);
}

// A module runs once: so is the listener added once (in a browser: the checker also runs in tests and on the server).
if (typeof window !== 'undefined') for (const type of QUIET_EVENTS) window.addEventListener(type, onCapture, { capture: true });

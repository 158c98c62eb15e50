// The user's own gateway key kept in this browser (opt-in), and the header the request sender adds for it.
export const BROWSER_KEY_STORAGE = 'playground.gateway-api-key';
export const BROWSER_KEY_HEADER = 'X-Gateway-Api-Key';
const CHANGE_EVENT = 'playground:browser-key';

export function getBrowserKey(): string | null {
  if (typeof window === 'undefined') return null;
  try {
    return window.localStorage.getItem(BROWSER_KEY_STORAGE) || null;
  } catch {
    return null;
  }
}

export function setBrowserKey(key: string | null): void {
  if (typeof window === 'undefined') return;
  if (key) window.localStorage.setItem(BROWSER_KEY_STORAGE, key);
  else window.localStorage.removeItem(BROWSER_KEY_STORAGE);
  window.dispatchEvent(new Event(CHANGE_EVENT));
}

/** Headers to add to calls of this playground's /api routes; empty unless the user stored a key. */
export function getBrowserKeyHeaders(): Record<string, string> {
  const key = getBrowserKey();
  return key ? { [BROWSER_KEY_HEADER]: key } : {};
}

export function subscribeBrowserKey(onChange: () => void): () => void {
  window.addEventListener(CHANGE_EVENT, onChange);
  window.addEventListener('storage', onChange);
  return () => {
    window.removeEventListener(CHANGE_EVENT, onChange);
    window.removeEventListener('storage', onChange);
  };
}

/** Shows only enough of a key to recognise it. */
export function maskKey(key: string): string {
  return key.length <= 8 ? '•'.repeat(key.length) : `${key.slice(0, 3)}…${key.slice(-4)}`;
}

// The colour theme choice: "system" (follow the OS), "light" or "dark". Kept in localStorage and mirrored in a cookie so the
// server renders <html data-theme> right on the first paint (no script needed under the nonce CSP, no flash of the wrong theme).

export const THEME_CHOICES = ['system', 'light', 'dark'] as const;
export type ThemeChoice = (typeof THEME_CHOICES)[number];

export const THEME_STORAGE_KEY = 'playground-theme';
export const THEME_COOKIE = 'playground-theme';
const THEME_COOKIE_MAX_AGE_S = 400 * 24 * 60 * 60;
const CHANGE_EVENT = 'playground-theme-change';

export function parseThemeChoice(value: string | null | undefined): ThemeChoice {
  return value === 'light' || value === 'dark' ? value : 'system';
}

/** The data-theme attribute for a choice: none for "system", so the CSS follows prefers-color-scheme. */
export function themeAttribute(choice: ThemeChoice): 'light' | 'dark' | undefined {
  return choice === 'system' ? undefined : choice;
}

function readStoredChoice(): ThemeChoice | null {
  try {
    const stored = window.localStorage.getItem(THEME_STORAGE_KEY);
    return stored === null ? null : parseThemeChoice(stored);
  } catch {
    return null;
  }
}

function applyToDocument(choice: ThemeChoice) {
  const attribute = themeAttribute(choice);
  if (attribute) document.documentElement.setAttribute('data-theme', attribute);
  else document.documentElement.removeAttribute('data-theme');
  document.cookie = `${THEME_COOKIE}=${choice}; Path=/; Max-Age=${THEME_COOKIE_MAX_AGE_S}; SameSite=Lax`;
}

/** The current choice in this browser: localStorage, else what the server rendered. */
export function getThemeChoice(): ThemeChoice {
  return readStoredChoice() ?? parseThemeChoice(document.documentElement.getAttribute('data-theme'));
}

export function setThemeChoice(choice: ThemeChoice) {
  try {
    window.localStorage.setItem(THEME_STORAGE_KEY, choice);
  } catch {
    // Storage refused (private mode): the cookie still carries the choice.
  }
  applyToDocument(choice);
  window.dispatchEvent(new Event(CHANGE_EVENT));
}

/** Re-applies the stored choice if the page was rendered with another one (cookie cleared or expired). */
export function reconcileThemeChoice() {
  const stored = readStoredChoice();
  if (stored !== null && stored !== parseThemeChoice(document.documentElement.getAttribute('data-theme'))) applyToDocument(stored);
}

/** Notifies on changes here and in other tabs (whose choice this tab then adopts). */
export function subscribeThemeChoice(onChange: () => void): () => void {
  const onStorage = (event: StorageEvent) => {
    if (event.key !== THEME_STORAGE_KEY) return;
    applyToDocument(parseThemeChoice(event.newValue));
    onChange();
  };
  window.addEventListener(CHANGE_EVENT, onChange);
  window.addEventListener('storage', onStorage);
  return () => {
    window.removeEventListener(CHANGE_EVENT, onChange);
    window.removeEventListener('storage', onStorage);
  };
}

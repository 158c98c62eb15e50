// Which model a new request starts with on this gateway: the last one chosen with it, else the first it lists (pure, plus the browser's memory of it).

/** What the model list says about the gateway. */
export interface ModelListInfo {
  ids: readonly string[];
  /** The list is the playground's suggestions (the gateway has no GET /models). */
  isFallback: boolean;
  /** Which gateway the list came from (the /api/models `source`). */
  source: string;
}

/**
 * The model to switch a draft to, or null to leave it: only a draft still on the built-in default, and only when the
 * gateway lists models and not that one. The model last chosen with this gateway wins when it is listed, else the first listed.
 */
export function pickDefaultModel(current: unknown, builtInDefault: string, list: ModelListInfo, remembered: string | null): string | null {
  if (current !== builtInDefault || list.isFallback || list.ids.length === 0 || list.ids.includes(builtInDefault)) return null;
  if (remembered && list.ids.includes(remembered)) return remembered;
  return list.ids[0] ?? null;
}

const KEY_PREFIX = 'playground.lastModel:';

/** The model last chosen with this gateway in this browser, or null. */
export function readRememberedModel(source: string): string | null {
  try {
    return window.localStorage.getItem(`${KEY_PREFIX}${source}`);
  } catch {
    return null;
  }
}

export function rememberModel(source: string, model: string): void {
  try {
    if (model) window.localStorage.setItem(`${KEY_PREFIX}${source}`, model);
  } catch {
    // Storage full or disabled: the default falls back to the first listed model.
  }
}

// Credentials a create body can carry: the one list of where they sit, and how to find, redact or strip them (isomorphic).

/** Stands in for a credential that was set (docs/protocol.md, "Credentials in requests"). */
export const REDACTED_CREDENTIAL = '<redacted>';

/**
 * Where credentials sit in a create body: `*` is every entry of an array; `map` holds a credential in each value of an
 * object (its names are not secret: they stay, so it is visible what was sent).
 */
export const CREDENTIAL_PATHS: ReadonlyArray<{ path: readonly string[]; holds: 'value' | 'map' }> = [
  { path: ['webhook_secret'], holds: 'value' },
  { path: ['tools', '*', 'authorization'], holds: 'value' },
  { path: ['tools', '*', 'headers'], holds: 'map' },
];

export interface FoundCredential {
  /** Its place in the body, as error `param`s name fields: `webhook_secret`, `tools[0].authorization`, `tools[0].headers.X-Api-Key`. */
  param: string;
  value: string;
  /** The tool that carries it (e.g. for its server_label), when it sits in `tools`. */
  tool: Record<string, unknown> | null;
}

type Body = Record<string, unknown>;
type Leaf = (value: unknown, param: string, tool: Body | null) => unknown;

const REMOVE = Symbol('remove');

const isObject = (value: unknown): value is Body => typeof value === 'object' && value !== null && !Array.isArray(value);

function joinParam(param: string, key: string): string {
  return param ? `${param}.${key}` : key;
}

/** A copy of `value` with the leaf at `path` replaced (or removed, when `leaf` returns REMOVE); other parts are shared. */
function mapAt(value: unknown, path: readonly string[], param: string, tool: Body | null, leaf: Leaf): unknown {
  if (path.length === 0) return leaf(value, param, tool);
  const [head, ...rest] = path as [string, ...string[]];
  if (head === '*') {
    if (!Array.isArray(value)) return value;
    return value.map((entry, index) => mapAt(entry, rest, `${param}[${index}]`, param === 'tools' && isObject(entry) ? entry : tool, leaf));
  }
  if (!isObject(value) || !Object.hasOwn(value, head)) return value;
  const next = mapAt(value[head], rest, joinParam(param, head), tool, leaf);
  const copy: Body = { ...value };
  if (next === REMOVE) delete copy[head];
  else copy[head] = next;
  return copy;
}

/** Calls `visit` on every credential string of the body and puts what it returns in its place (a copy; the body is untouched). */
function mapCredentials(body: Body, visit: (found: FoundCredential) => string): Body {
  let result: unknown = body;
  for (const { path, holds } of CREDENTIAL_PATHS) {
    result = mapAt(result, path, '', null, (value, param, tool) => {
      if (holds === 'value') return typeof value === 'string' ? visit({ param, value, tool }) : value;
      if (!isObject(value)) return value;
      return Object.fromEntries(Object.entries(value).map(([name, entry]) => [name, typeof entry === 'string' ? visit({ param: joinParam(param, name), value: entry, tool }) : entry]));
    });
  }
  return result as Body;
}

/** Every credential string in the body, in the order of CREDENTIAL_PATHS. */
export function findCredentials(body: Body): FoundCredential[] {
  const found: FoundCredential[] = [];
  mapCredentials(body, (credential) => {
    found.push(credential);
    return credential.value;
  });
  return found;
}

/** The body with each credential replaced by what `replace` gives (code export puts an environment variable there). */
export function replaceCredentials(body: Body, replace: (found: FoundCredential) => string): Body {
  return mapCredentials(body, replace);
}

/** The body as it may be stored or shown: each credential that was set reads REDACTED_CREDENTIAL. */
export function redactCredentials(body: Body): Body {
  return mapCredentials(body, () => REDACTED_CREDENTIAL);
}

/** The body without any credential field at all (share links): `webhook_secret`, and a tool's `authorization` and `headers`. */
export function stripCredentials(body: Body): Body {
  let result: unknown = body;
  for (const { path } of CREDENTIAL_PATHS) result = mapAt(result, path, '', null, () => REMOVE);
  return result as Body;
}

/** The params of credentials that read REDACTED_CREDENTIAL: set when the request was sent, not stored, to be entered again. */
export function listRedactedCredentials(body: Body): string[] {
  return findCredentials(body)
    .filter((found) => found.value === REDACTED_CREDENTIAL)
    .map((found) => found.param);
}

/** What reopening a stored body must tell the user: one line per credential that has to be entered again. */
export function describeRedactedCredentials(body: Body): string[] {
  return listRedactedCredentials(body).map((param) => `${param} was set but credentials are never stored: enter it again (it now reads ${REDACTED_CREDENTIAL}).`);
}

/** Stands in for a credential on screen until the user reveals it (the JSON tab, a turn's "Request sent"). */
export const MASKED_CREDENTIAL = '••••••••';

/** The body as shown while secrets are hidden: each credential that has a value reads MASKED_CREDENTIAL (<redacted> stays). */
export function maskCredentials(body: Body): Body {
  return mapCredentials(body, (found) => (found.value && found.value !== REDACTED_CREDENTIAL ? MASKED_CREDENTIAL : found.value));
}

/** An edit of a masked body: each credential still reading MASKED_CREDENTIAL gets back the value it had in `original`. */
export function restoreMaskedCredentials(edited: Body, original: Body): Body {
  const values = new Map(findCredentials(original).map((found) => [found.param, found.value]));
  return mapCredentials(edited, (found) => (found.value === MASKED_CREDENTIAL ? (values.get(found.param) ?? found.value) : found.value));
}

// One definition of the response statuses and the response-id rule: a second copy anywhere in the app fails here.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { recordSeenBodySchema } from '@/lib/chains/schema';
import { trackJobBodySchema } from '@/lib/jobs/schemas';
import { RESPONSE_ID_MAX_LENGTH, RESPONSE_STATUSES, parseResponseId, responsePath } from '@/lib/schema';

const ROOT = path.resolve(__dirname, '../../..');
const SOURCE_DIRS = ['app', 'components', 'lib'];
/** The one home of the status list. */
const HOME = path.join('lib', 'schema', 'constants.ts');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return sourceFiles(full);
    return /\.(ts|tsx)$/.test(name) ? [full] : [];
  });
}

const STATUS = `['"](?:${RESPONSE_STATUSES.join('|')})['"]`;
/** Three statuses written as a list or union (`'a', 'b', 'c'`, `'a' | 'b' | 'c'`), or two followed by a spread. */
const STATUS_LIST = new RegExp(`${STATUS}\\s*[,|]\\s*${STATUS}\\s*[,|]\\s*(?:${STATUS}|\\.\\.\\.)`);
/** Or spelled as three comparisons in one condition (`s === 'a' || s === 'b' || s === 'c'`). */
const COMPARED = `[!=]==?\\s*${STATUS}`;
const STATUS_COMPARISONS = new RegExp(`${COMPARED}[^;{}\\n]*?(?:\\|\\||&&)[^;{}\\n]*?${COMPARED}[^;{}\\n]*?(?:\\|\\||&&)[^;{}\\n]*?${COMPARED}`);
const isStatusCopy = (text: string) => STATUS_LIST.test(text) || STATUS_COMPARISONS.test(text);

describe('one status list', () => {
  it('is written only in lib/schema/constants.ts; every other module imports it', () => {
    const copies = SOURCE_DIRS.flatMap((dir) => sourceFiles(path.join(ROOT, dir)))
      .map((file) => path.relative(ROOT, file))
      .filter((file) => file !== HOME && isStatusCopy(readFileSync(path.join(ROOT, file), 'utf8')));
    expect(copies).toEqual([]);
  });

  it('the scan would see a copy written either way', () => {
    expect(isStatusCopy(`z.enum(['queued', 'in_progress', 'completed'])`)).toBe(true);
    expect(isStatusCopy(`type S = 'queued' | 'in_progress' | 'cancelled';`)).toBe(true);
    expect(isStatusCopy(`const all = ['queued', 'in_progress', ...TERMINAL];`)).toBe(true);
    expect(isStatusCopy(`export const SETTLED_RUN_STATUSES = ['completed', 'incomplete', 'failed', 'cancelled', 'stopped'] as const;`)).toBe(true);
    expect(isStatusCopy(`if (status === 'completed' || status === 'incomplete' || status === "failed") return end(state, status, at);`)).toBe(true);
    expect(isStatusCopy(`status: Extract<ResponseStatus, 'queued' | 'in_progress'>`)).toBe(false);
    expect(isStatusCopy(`return s === null || s === 'queued' || s === 'in_progress';`)).toBe(false);
    expect(isStatusCopy(`const SETTLED = [...TERMINAL_STATUSES, 'stopped', 'dropped', 'error'] as const;`)).toBe(false);
  });
});

describe('one SSE record reader', () => {
  it('only lib/sse frames SSE (the one import of eventsource-parser); the proxy and the run driver read records through it', () => {
    const FRAMING = /from ['"]eventsource-parser['"]/;
    const readers = SOURCE_DIRS.flatMap((dir) => sourceFiles(path.join(ROOT, dir)))
      .map((file) => path.relative(ROOT, file))
      .filter((file) => FRAMING.test(readFileSync(path.join(ROOT, file), 'utf8')));
    expect(readers).toEqual([path.join('lib', 'sse', 'parse-sse.ts')]);
    for (const user of ['lib/gateway/sse-passthrough.ts', 'lib/run/driver.ts']) expect(readFileSync(path.join(ROOT, user), 'utf8')).toContain("from '@/lib/sse/parse-events'");
  });
});

const GOOD_IDS = ['resp_abc', 'a.b', 'conv:1/2 with spaces', 'résumé-世界-🌍', 'YWJj/ZGVm+Z2hp==', 'x'.repeat(RESPONSE_ID_MAX_LENGTH)];
const BAD_IDS = ['', '.', '..', 'tab\there', 'nul\u0000', 'del\u007f', 'lone\ud800', 'x'.repeat(RESPONSE_ID_MAX_LENGTH + 1)];

describe('one response-id rule', () => {
  it.each(GOOD_IDS.map((id) => [id.slice(0, 40), id]))('accepts the opaque id %j everywhere', (_label, id) => {
    expect(parseResponseId(id)).toEqual({ ok: true, id });
    expect(trackJobBodySchema.safeParse({ response_id: id }).success).toBe(true);
    expect(recordSeenBodySchema.safeParse({ id, previous_response_id: id, conversation: id }).success).toBe(true);
  });

  it.each(BAD_IDS.map((id) => [JSON.stringify(id).slice(0, 40), id]))('refuses %s everywhere, naming the field', (_label, id) => {
    const parsed = parseResponseId(id, 'response_id');
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) expect(parsed.error.error).toMatchObject({ param: 'response_id', code: 'invalid_id', type: 'invalid_request_error' });
    expect(trackJobBodySchema.safeParse({ response_id: id }).success).toBe(false);
    expect(recordSeenBodySchema.safeParse({ id }).success).toBe(false);
    expect(recordSeenBodySchema.safeParse({ id: 'resp_1', previous_response_id: id }).success).toBe(false);
  });

  it('puts an id into a path as one percent-encoded segment', () => {
    expect(responsePath('a/b c:d=', 'cancel')).toBe('/responses/a%2Fb%20c%3Ad%3D/cancel');
    expect(responsePath('世界')).toBe('/responses/%E4%B8%96%E7%95%8C');
    expect(new URL(`http://gw/api/v1/llm${responsePath('%2E%2E')}`).pathname).toBe('/api/v1/llm/responses/%252E%252E');
  });

  it('will not build a path from `.` or `..`: URLs resolve them even percent-encoded', () => {
    expect(new URL('http://gw/api/v1/llm/responses/%2E%2E').pathname).toBe('/api/v1/llm/');
    for (const id of BAD_IDS) expect(() => responsePath(id)).toThrow(TypeError);
  });
});

/** Source text without its comments (block and line comments; a `//` inside a string or a regex is kept). */
function withoutComments(text: string): string {
  return text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[\s;{}(),])\/\/[^\n]*/g, '$1');
}

describe("one spelling of the built-in gateway's path", () => {
  const SPELLING = '/api/v1/llm';
  it('is written only as LOCAL_GATEWAY_API_PATH in lib/env-schema.ts; the router, the access rules and the pages import it', () => {
    const files = [...SOURCE_DIRS.flatMap((dir) => sourceFiles(path.join(ROOT, dir))), path.join(ROOT, 'proxy.ts')].map((file) => path.relative(ROOT, file));
    const writers = files.filter((file) => withoutComments(readFileSync(path.join(ROOT, file), 'utf8')).includes(SPELLING));
    expect(writers).toEqual([path.join('lib', 'env-schema.ts')]);
    for (const user of ['lib/local-gateway/router.ts', 'lib/auth/access.ts', 'components/request/request-headers.tsx', 'components/request/code-export.tsx']) {
      expect(readFileSync(path.join(ROOT, user), 'utf8')).toMatch(/import \{[^}]*\bLOCAL_GATEWAY_API_PATH\b[^}]*\} from '@\/lib\/env-schema'/);
    }
  });

  it('the scan sees a literal in code and not one in a comment', () => {
    expect(withoutComments(`if (pathname === '/api/v1/llm') return true; // under /api/v1/llm`)).toContain(SPELLING);
    expect(withoutComments(`// Routes paths under /api/v1/llm\n/** at /api/v1/llm */\nconst a = 1;`)).not.toContain(SPELLING);
  });
});

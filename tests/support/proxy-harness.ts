// The set-up of the proxy's in-process tests, once: a fake upstream or a real gateway started for the file (or describe
// block), the proxy's settings pointed at it, fresh route modules per load, and everything closed after, pass or fail.
import { afterAll, beforeAll, beforeEach, vi } from 'vitest';
import { setUpTestAppDatabase } from './app-database';
import type { DatabaseKind } from './databases';
import { loadProxyRoutes, startFakeUpstream, type FakeHandler, type FakeUpstream } from './fake-upstream';

export type ProxyRoutes = Awaited<ReturnType<typeof loadProxyRoutes>>;

/**
 * A stand-in for a value a beforeAll creates, usable as a plain variable before it exists: every property read goes to
 * the value once `read` returns it (methods bound to it), and reading it earlier fails saying so.
 */
export function lateBound<T extends object>(what: string, read: () => T | undefined): T {
  const current = (): T => {
    const value = read();
    if (value === undefined) throw new Error(`${what} is not ready: it is made in beforeAll`);
    return value;
  };
  return new Proxy({} as T, {
    get(_target, key) {
      const value = current();
      const field: unknown = Reflect.get(value, key);
      return typeof field === 'function' ? field.bind(value) : field;
    },
    set(_target, key, field) {
      return Reflect.set(current(), key, field);
    },
  });
}

export interface FakeUpstreamHarness {
  /** The fake gateway of the file: its recorded requests are forgotten before each test. */
  upstream: FakeUpstream;
  /** Fresh route modules, the proxy's settings pointed at the fake (the harness's `settings`, then `extra`). */
  load(extra?: Record<string, string>): Promise<ProxyRoutes>;
}

/**
 * A fake upstream for the tests of this file or block: started before them, closed after; before each test its requests
 * are forgotten and `reply` (when given) answers again, so no test inherits another's fake.
 */
export function setUpFakeUpstream(options: { settings?: Record<string, string>; reply?: () => FakeHandler } = {}): FakeUpstreamHarness {
  let started: FakeUpstream | undefined;
  beforeAll(async () => {
    started = await startFakeUpstream();
  });
  afterAll(() => started?.close());
  beforeEach(() => {
    if (!started) return;
    started.requests.length = 0;
    if (options.reply) started.respondWith(options.reply());
  });
  const upstream = lateBound('The fake upstream', () => started);
  return {
    upstream,
    load: (extra = {}) => loadProxyRoutes({ GATEWAY_BASE_URL: upstream.url, ...options.settings, ...extra }, () => vi.resetModules()),
  };
}

interface StartedGateway {
  url: string;
  close(): Promise<void>;
}

export interface ProxiedGateway<G extends StartedGateway> {
  gateway: G;
  /** The route modules, loaded once with the proxy pointed at the gateway and the app's database open. */
  routes: ProxyRoutes;
}

/**
 * The proxy in front of a real gateway (the local one, a LiteLLM-like one) with the app recording into its own
 * fresh database (PGlite unless `database` says PostgreSQL), all opened before the tests and closed after.
 */
export function setUpProxiedGateway<G extends StartedGateway>(options: {
  start: () => Promise<G>;
  settings: Record<string, string>;
  /** The kind of the app's database (a fresh one); PGlite by default. */
  database?: DatabaseKind;
}): ProxiedGateway<G> {
  let gateway: G | undefined;
  let routes: ProxyRoutes | undefined;
  beforeAll(async () => {
    gateway = await options.start();
  });
  afterAll(async () => {
    await gateway?.close();
  });
  setUpTestAppDatabase({
    kind: options.database,
    prepare: async () => {
      routes = await loadProxyRoutes({ GATEWAY_BASE_URL: gateway!.url, ...options.settings }, () => vi.resetModules());
    },
  });
  return { gateway: lateBound('The gateway', () => gateway), routes: lateBound('The proxy routes', () => routes) };
}

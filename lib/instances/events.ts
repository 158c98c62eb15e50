// Live events between instances: published with PostgreSQL NOTIFY and heard through one LISTEN connection per process (in process with PGlite).
import 'server-only';
import type { Client } from 'pg';
import { sql } from 'drizzle-orm';
import { getDb } from '@/lib/db';
import { openDedicatedClient } from '@/lib/db/dedicated';
import { getEnv } from '@/lib/env';

const CHANNEL = 'playground_events';
const RECONNECT_MS = 2_000;

/** What pages hear about: a webhook delivery stored, a job's status moved. `owner_id` and `shared` say who may hear it. */
export type LiveEvent =
  | { type: 'webhook.delivery'; capture_id: string; delivery_id: number; response_id: string | null; owner_id: string | null; shared: boolean }
  | { type: 'job.status'; response_id: string; status: string; owner_id: string | null; shared: boolean };

type Listener = (event: LiveEvent) => void;
type HearingListener = () => void;

interface Hub {
  listeners: Set<Listener>;
  client: Client | null;
  connecting: boolean;
  /** False while the LISTEN connection is down: pages are told, and refetch on their own. */
  isListening: boolean;
  /** Told when isListening changes (the job refresher ticks while events may be missed). */
  hearingListeners?: Set<HearingListener>;
}

const holder = globalThis as typeof globalThis & { __playgroundLiveHub?: Hub };

function hub(): Hub {
  holder.__playgroundLiveHub ??= { listeners: new Set(), client: null, connecting: false, isListening: false };
  return holder.__playgroundLiveHub;
}

function setListening(isListening: boolean): void {
  const state = hub();
  if (state.isListening === isListening) return;
  state.isListening = isListening;
  for (const listener of state.hearingListeners ?? []) listener();
}

function dispatch(event: LiveEvent): void {
  for (const listener of hub().listeners) {
    try {
      listener(event);
    } catch (error) {
      console.error(`[instances] a live listener failed: ${(error as Error).name}`);
    }
  }
}

/** Keeps one LISTEN connection open while anyone listens; reconnects when it drops. */
async function ensureListening(databaseUrl: string): Promise<void> {
  const state = hub();
  if (state.client || state.connecting || state.listeners.size === 0) return;
  state.connecting = true;
  try {
    const client = await openDedicatedClient(databaseUrl);
    client.on('notification', (message) => {
      if (message.channel !== CHANNEL || !message.payload) return;
      try {
        dispatch(JSON.parse(message.payload) as LiveEvent);
      } catch {
        console.error('[instances] an unreadable live event was dropped');
      }
    });
    const lost = () => {
      if (state.client !== client) return;
      state.client = null;
      setListening(false);
      client.end().catch(() => undefined);
      setTimeout(() => void ensureListening(databaseUrl), RECONNECT_MS).unref();
    };
    client.on('error', lost);
    client.on('end', lost);
    await client.query(`LISTEN ${CHANNEL}`);
    state.client = client;
    setListening(true);
  } catch (error) {
    console.error(`[instances] live events cannot be heard right now (${(error as Error).name}); retrying`);
    setTimeout(() => void ensureListening(databaseUrl), RECONNECT_MS).unref();
  } finally {
    state.connecting = false;
  }
}

/** Tells every instance's pages (this one's included); never throws, never delays the caller's work. */
export function publishLiveEvent(event: LiveEvent): void {
  publishLiveEvents([event]);
}

/** publishLiveEvent for several events (a batch of webhook deliveries) in one statement, however many there are. */
export function publishLiveEvents(events: readonly LiveEvent[]): void {
  if (events.length === 0) return;
  const { DATABASE_URL: databaseUrl } = getEnv();
  if (!databaseUrl) {
    queueMicrotask(() => events.forEach(dispatch));
    return;
  }
  const notifications = sql.join(
    events.map((event) => sql`pg_notify(${CHANNEL}, ${JSON.stringify(event)})`),
    sql`, `,
  );
  void getDb()
    .then((db) => db.execute(sql`SELECT ${notifications}`))
    .catch((error: unknown) => console.error(`[instances] live events could not be published (${(error as Error).name})`));
}

/** Listens until the returned function is called. */
export function subscribeLiveEvents(listener: Listener): () => void {
  const state = hub();
  state.listeners.add(listener);
  const { DATABASE_URL: databaseUrl } = getEnv();
  if (databaseUrl) void ensureListening(databaseUrl);
  return () => {
    state.listeners.delete(listener);
  };
}

/** Calls `listener` whenever isHearingOtherInstances() changes, until the returned function is called. */
export function subscribeHearingChanges(listener: HearingListener): () => void {
  const state = hub();
  state.hearingListeners ??= new Set();
  state.hearingListeners.add(listener);
  return () => {
    state.hearingListeners?.delete(listener);
  };
}

/** Whether events from other instances reach this one now (always with PGlite: there are no others). */
export function isHearingOtherInstances(): boolean {
  return !getEnv().DATABASE_URL || hub().isListening;
}

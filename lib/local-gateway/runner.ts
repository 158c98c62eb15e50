// Enacts a TurnPlan as a run: lifecycle events, numbering, pacing, faults, cancel/disconnect, status saves and webhooks.
import type { Db } from '@/lib/db/open';
import { isTerminalStatus } from '@/lib/schema/constants';
import { itemEvents } from './agent';
import type { JsonObject, TurnPlan } from './agent/contract';
import { PartialOutput } from './partial';
import { abortResponse, finishResponse, withOutput, withStatus, type ResponseObject, type StopReason } from './response-object';
import type { EventSink } from './stream';
import { appendEvents, insertResponse, saveProgress, saveResponseState, type NewStoredResponse } from './store';
import type { WebhookSender, WebhookTarget } from './webhooks';

export interface RunOptions {
  getDb: () => Promise<Db>;
  response: ResponseObject;
  plan: TurnPlan;
  background: boolean;
  store: boolean;
  /** Persist events for `GET ?stream=true` replays (background + stream). */
  persistEvents: boolean;
  obfuscation: boolean;
  partialImages: number;
  tokensPerSecond: number;
  /** Pause between queued and in_progress, so a background job can be watched (and cancelled) while queued. */
  queuedDelayMs: number;
  webhook: WebhookTarget | null;
  webhooks: WebhookSender;
  onFinished?: (final: ResponseObject) => Promise<void>;
  /**
   * The response's row, when the run inserts it (a foreground stream): built when its batch is written, so a run that
   * has already ended is inserted in its final state and needs no second write. Unset: the row was stored before.
   */
  row?: (snapshot: ResponseObject) => NewStoredResponse;
}

/** What a `store: false` response keeps: a tombstone (docs/protocol.md, "store: false"). */
export function tombstoneOf(response: ResponseObject): JsonObject {
  return { id: response.id, object: 'response', status: response.status };
}

type AbortReason = StopReason;

/** Why a foreground response whose client went away ends `incomplete` (docs/protocol.md, "Statuses"). */
export const CLIENT_DISCONNECTED = 'client_disconnected';

const TERMINAL_EVENT: Record<string, string> = { completed: 'response.completed', incomplete: 'response.incomplete', failed: 'response.failed' };

function abortableSleep(ms: number, signal: AbortSignal): Promise<void> {
  if (ms <= 0 || signal.aborted) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    }
    signal.addEventListener('abort', done, { once: true });
  });
}

export class Run {
  readonly events: JsonObject[] = [];
  readonly finished: Promise<ResponseObject>;
  /** Settles once the response's row is in the database (at once when it was stored before the run): reads wait for it. */
  readonly inserted: Promise<void>;
  snapshot: ResponseObject;
  private readonly subscribers = new Set<EventSink>();
  private readonly controller = new AbortController();
  private abortReason: AbortReason | null = null;
  private readonly partial = new PartialOutput();
  private writes: Promise<void> = Promise.resolve();
  private pendingEvents: JsonObject[] = [];
  private isDone = false;
  /** The snapshot the row holds now, so saving the same one again is skipped. */
  private written: ResponseObject | null = null;

  constructor(private readonly options: RunOptions) {
    this.snapshot = options.response;
    const { row } = options;
    this.inserted = row
      ? this.enqueueWrite((db) =>
          insertResponse(db, () => {
            this.written = this.snapshot;
            return row(this.snapshot);
          }),
        )
      : Promise.resolve();
    this.finished = this.execute();
  }

  get id(): string {
    return this.snapshot.id;
  }

  get done(): boolean {
    return this.isDone;
  }

  /** Replays events after `startingAfter`, then follows live ones until the run ends. */
  subscribe(sink: EventSink, startingAfter = -1): () => void {
    for (const event of this.events) if (Number(event.sequence_number) > startingAfter) sink.event(event);
    if (this.isDone) {
      sink.end();
      return () => undefined;
    }
    this.subscribers.add(sink);
    return () => this.subscribers.delete(sink);
  }

  cancel(): void {
    this.stop({ status: 'cancelled' });
  }

  /** Foreground stream lost its client: generation stops, and what was sent is kept as an incomplete response. */
  disconnect(): void {
    if (!this.options.background) this.stop({ status: 'incomplete', reason: CLIENT_DISCONNECTED });
  }

  /** The response as a poll sees it: while running, the output generated so far (unfinished items `in_progress`). */
  live(): ResponseObject {
    if (this.isDone || this.snapshot.status !== 'in_progress') return this.snapshot;
    return withOutput(this.snapshot, this.partial.current());
  }

  /** Saves the live snapshot when output has grown since the last save, so other processes' polls see progress too. */
  checkpoint(): void {
    if (this.isDone || !this.options.store || this.snapshot.status !== 'in_progress' || !this.partial.takeChanged()) return;
    const live = this.live();
    void this.enqueueWrite(async (db) => {
      if (!this.isDone) await saveProgress(db, this.id, live);
    });
  }

  stop(reason: AbortReason): void {
    if (this.isDone || this.controller.signal.aborted) return;
    this.abortReason = reason;
    this.controller.abort();
  }

  /** Waits for pending writes (status saves and events) to reach the database. */
  async flush(): Promise<void> {
    await this.finished.catch(() => undefined);
    await this.writes;
  }

  /** Writes run one after another, in the order they were asked for; the promise settles when this one has. */
  private enqueueWrite(write: (db: Db) => Promise<void>): Promise<void> {
    this.writes = this.writes.then(async () => write(await this.options.getDb())).catch((error: Error) => {
      console.error(`local gateway: saving ${this.id} failed: ${error.message}`);
    });
    return this.writes;
  }

  /** Saves the current state: every one when stored, only the final one for a `store: false` tombstone. */
  private saveState(): void {
    const snapshot = this.snapshot;
    if (!this.options.store && !isTerminalStatus(snapshot.status)) return;
    void this.enqueueWrite(async (db) => {
      if (this.written === snapshot) return;
      this.written = snapshot;
      await saveResponseState(db, this.id, this.options.store ? snapshot : tombstoneOf(snapshot));
    });
  }

  private setStatus(response: ResponseObject): void {
    this.snapshot = response;
    this.saveState();
    if (this.options.webhook) this.options.webhooks.notify(this.id, this.options.webhook, response.status);
  }

  private publish(event: JsonObject): void {
    const numbered = { type: event.type, sequence_number: this.events.length, ...event };
    this.events.push(numbered);
    for (const sink of this.subscribers) sink.event(numbered);
    if (!this.options.persistEvents) return;
    this.pendingEvents.push(numbered);
    if (this.pendingEvents.length === 1) {
      void this.enqueueWrite(async (db) => {
        const batch = this.pendingEvents;
        this.pendingEvents = [];
        await appendEvents(db, this.id, batch);
      });
    }
  }

  private lifecycle(type: string): void {
    this.publish({ type, response: this.snapshot });
  }

  private async execute(): Promise<ResponseObject> {
    const { plan, background } = this.options;
    // A variant streams at its own speed and may wait before its first token (agent/models.ts, VARIANT_STYLES).
    const tokensPerSecond = this.options.tokensPerSecond * (plan.pace?.speed ?? 1);
    const firstTokenWaitMs = tokensPerSecond > 0 ? ((plan.pace?.firstTokenDelayTokens ?? 0) / tokensPerSecond) * 1000 : 0;
    const signal = this.controller.signal;
    try {
      await Promise.resolve();
      this.lifecycle('response.created');
      if (background) {
        if (this.options.webhook) this.options.webhooks.notify(this.id, this.options.webhook, 'queued');
        this.lifecycle('response.queued');
        await abortableSleep(this.options.queuedDelayMs, signal);
        if (signal.aborted) return this.end();
        this.setStatus(withStatus(this.snapshot, 'in_progress'));
      }
      this.lifecycle('response.in_progress');
      const started = Date.now();
      let dueMs = 0;
      let itemEventCount = 0;
      let firstTokenPending = true;
      for (const [index, item] of plan.items.entries()) {
        for (const { event, tokens } of itemEvents(item, index, { obfuscation: this.options.obfuscation, partialImages: this.options.partialImages })) {
          if (signal.aborted) return this.end();
          if (tokens > 0 && firstTokenPending) {
            firstTokenPending = false;
            dueMs += firstTokenWaitMs;
            if (plan.fault?.kind === 'slow_first_token') {
              await abortableSleep(plan.fault.delayMs, signal);
              dueMs += plan.fault.delayMs;
            }
          }
          if (tokensPerSecond > 0 && tokens > 0) {
            dueMs += (tokens / tokensPerSecond) * 1000;
            await abortableSleep(started + dueMs - Date.now(), signal);
          }
          if (signal.aborted) return this.end();
          this.partial.apply(event);
          this.publish(event);
          itemEventCount += 1;
          if (plan.fault?.kind === 'drop_stream' && itemEventCount === plan.fault.afterItemEvents) {
            for (const sink of [...this.subscribers]) sink.drop();
            this.subscribers.clear();
            if (!background) this.stop({ status: 'failed', error: { code: 'server_error', message: 'The stream was dropped (simulated fault) before the response finished.' } });
          }
        }
      }
      if (signal.aborted) return this.end();
      const final = finishResponse(this.snapshot, plan.items, plan.outcome, plan.usage);
      this.setStatus(final);
      this.publish({ type: TERMINAL_EVENT[final.status] ?? 'response.completed', response: final });
      return await this.end();
    } catch (error) {
      console.error(`local gateway: run ${this.id} crashed: ${(error as Error).message}`);
      this.abortReason = { status: 'failed', error: { code: 'server_error', message: 'The local gateway failed while generating this response.' } };
      return this.end(true);
    }
  }

  private async end(crashed = false): Promise<ResponseObject> {
    const reason = this.abortReason;
    if (reason) {
      const ended = abortResponse(this.snapshot, this.partial.closed(), reason);
      this.snapshot = ended;
      this.saveState();
      // A failure is announced on the stream; there is no stream event (nor webhook) for cancelled.
      if (reason.status === 'failed') {
        if (crashed || this.options.background) this.publish({ type: 'response.failed', response: ended });
        if (this.options.webhook) this.options.webhooks.notify(this.id, this.options.webhook, 'failed');
      }
    }
    this.isDone = true;
    for (const sink of this.subscribers) sink.end();
    this.subscribers.clear();
    await this.options.onFinished?.(this.snapshot).catch((error: Error) => console.error(`local gateway: finishing ${this.id} failed: ${error.message}`));
    return this.snapshot;
  }
}

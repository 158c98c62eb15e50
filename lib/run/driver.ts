// Drives one turn's machine over a transport: opens the request, feeds it what arrives, resumes a dropped background
// stream, polls a background response, and retries once by itself when a 429's wait ends.
import { parseStreamRecordBatches } from '@/lib/sse/parse-events';
import type { TurnRequest } from '@/lib/transcript/run-types';
import { canResume, canRetry, createRunState, isActive, transition, type RunInput, type RunState } from './machine';
import { isEventStream, readHttpError, readResponseSnapshot, type RunTransport } from './transport';

export interface RunClock {
  now(): number;
  /** Resolves after `ms`, or rejects when `signal` aborts. */
  sleep(ms: number, signal: AbortSignal): Promise<void>;
}

export interface RunPolicy {
  /** Automatic resumes of a dropped background stream before the turn stays dropped (Resume is then offered). */
  resumeAttempts: number;
  resumeBackoffMs: number;
  pollIntervalMs: number;
  /** Wait out a 429's Retry-After and send again once by itself; a grid's scheduler turns this off to wait without holding a slot. */
  isRateLimitRetried: boolean;
}

export interface RunDriverOptions {
  transport: RunTransport;
  clock?: RunClock;
  policy?: Partial<RunPolicy>;
  onChange?: (state: RunState) => void;
}

export const DEFAULT_POLICY: RunPolicy = { resumeAttempts: 5, resumeBackoffMs: 500, pollIntervalMs: 1_000, isRateLimitRetried: true };

export const browserClock: RunClock = {
  now: () => performance.now(),
  sleep: (ms, signal) =>
    new Promise((resolve, reject) => {
      if (signal.aborted) return reject(signal.reason);
      const timer = setTimeout(resolve, Math.max(0, ms));
      signal.addEventListener('abort', () => {
        clearTimeout(timer);
        reject(signal.reason);
      }, { once: true });
    }),
};

type Open = (signal: AbortSignal) => Promise<Response>;

export class RunDriver {
  #state: RunState;
  #controller: AbortController | null = null;
  readonly #transport: RunTransport;
  readonly #clock: RunClock;
  readonly #policy: RunPolicy;
  readonly #onChange: (state: RunState) => void;

  constructor(request: TurnRequest, options: RunDriverOptions) {
    this.#state = createRunState(request);
    this.#transport = options.transport;
    this.#clock = options.clock ?? browserClock;
    this.#policy = { ...DEFAULT_POLICY, ...options.policy };
    this.#onChange = options.onChange ?? (() => undefined);
  }

  get state(): RunState {
    return this.#state;
  }

  /** Sends the request and runs the turn until it settles (resolves then; never rejects). */
  start(): Promise<void> {
    return this.#execute({ type: 'send', at: this.#clock.now() }, (signal) => this.#openRequest(signal));
  }

  /** Sends the same request again from scratch (a failed, dropped or rate-limited turn). */
  retry(): Promise<void> {
    if (!canRetry(this.#state)) return Promise.resolve();
    return this.#execute({ type: 'retry', at: this.#clock.now() }, (signal) => this.#openRequest(signal));
  }

  /** Re-streams a background response from the last sequence number received. */
  resume(): Promise<void> {
    if (!canResume(this.#state)) return Promise.resolve();
    return this.#execute({ type: 'resume', at: this.#clock.now() }, (signal) => this.#openResume(signal));
  }

  /** Stops reading; what arrived stays. The gateway keeps a background response running (see cancel). */
  stop(): void {
    this.#dispatch({ type: 'stop', at: this.#clock.now() });
    this.#controller?.abort();
  }

  /** Asks the gateway to cancel the response, then stops reading. Returns whether the gateway agreed. */
  async cancel(): Promise<boolean> {
    const id = this.#state.transcript.response?.id;
    if (typeof id !== 'string') return false;
    const response = await this.#transport.cancel(id, this.#state.request.headers);
    if (!response.ok) return false;
    this.#dispatch({ type: 'cancelled', at: this.#clock.now() });
    this.#controller?.abort();
    return true;
  }

  #dispatch(input: RunInput): void {
    const next = transition(this.#state, input);
    if (next === this.#state) return;
    this.#state = next;
    this.#onChange(next);
  }

  async #execute(first: RunInput, open: Open): Promise<void> {
    this.#controller?.abort();
    const controller = new AbortController();
    this.#controller = controller;
    const { signal } = controller;
    this.#dispatch(first);
    try {
      await this.#attempt(open, signal);
      let resumes = 0;
      while (!signal.aborted) {
        if (this.#state.status === 'rate_limited' && this.#state.retryAt !== null && this.#policy.isRateLimitRetried) {
          await this.#clock.sleep(this.#state.retryAt - this.#clock.now(), signal);
          this.#dispatch({ type: 'retry', at: this.#clock.now(), isAutomatic: true });
          await this.#attempt((s) => this.#openRequest(s), signal);
        } else if (this.#isAutoResumable() && resumes < this.#policy.resumeAttempts) {
          resumes += 1;
          await this.#clock.sleep(this.#policy.resumeBackoffMs * resumes, signal);
          this.#dispatch({ type: 'resume', at: this.#clock.now() });
          await this.#attempt((s) => this.#openResume(s), signal);
        } else {
          break;
        }
      }
    } catch {
      // Only the sleeps throw, and only when aborted: stop/cancel already moved the machine.
    } finally {
      if (this.#controller === controller) this.#controller = null;
    }
  }

  /** A drop of the connection (not an HTTP refusal of the resume) is worth resuming without asking. */
  #isAutoResumable(): boolean {
    return this.#state.status === 'dropped' && this.#state.error?.httpStatus === null && canResume(this.#state);
  }

  /** One request: its reply is fed to the machine until the body ends, the machine stops reading, or we abort. */
  async #attempt(open: Open, signal: AbortSignal): Promise<void> {
    try {
      const response = await open(signal);
      if (!response.ok) {
        this.#dispatch({ type: 'http_error', at: this.#clock.now(), error: await readHttpError(response) });
        return;
      }
      if (isEventStream(response) && response.body) {
        this.#dispatch({ type: 'opened', at: this.#clock.now(), isStream: true });
        // A read's records are one change: the turn's watchers (a page, a grid) hear of a burst of deltas once.
        for await (const records of parseStreamRecordBatches(response.body)) {
          if (signal.aborted) return;
          this.#dispatch({ type: 'records', at: this.#clock.now(), records });
          if (!isReading(this.#state)) return;
        }
        if (!signal.aborted) this.#dispatch({ type: 'stream_closed', at: this.#clock.now() });
        return;
      }
      this.#dispatch({ type: 'opened', at: this.#clock.now(), isStream: false });
      await this.#adopt(response);
      await this.#poll(signal);
    } catch {
      if (!signal.aborted) this.#dispatch({ type: 'connection_lost', at: this.#clock.now() });
    }
  }

  async #poll(signal: AbortSignal): Promise<void> {
    while (this.#state.status === 'polling') {
      await this.#clock.sleep(this.#policy.pollIntervalMs, signal);
      const id = this.#state.transcript.response?.id;
      if (typeof id !== 'string') return;
      const response = await this.#transport.retrieve(id, this.#state.request.headers, signal);
      if (!response.ok) this.#dispatch({ type: 'http_error', at: this.#clock.now(), error: await readHttpError(response) });
      else await this.#adopt(response);
    }
  }

  /** A JSON reply replaces the snapshot; one that is not a response object ends the turn with an error saying so. */
  async #adopt(response: Response): Promise<void> {
    const read = await readResponseSnapshot(response);
    this.#dispatch(read.ok ? { type: 'snapshot', at: this.#clock.now(), response: read.snapshot } : { type: 'http_error', at: this.#clock.now(), error: read.error });
  }

  #openRequest(signal: AbortSignal): Promise<Response> {
    const { body, headers, kind } = this.#state.request;
    if (kind === 'create') return this.#transport.create(body, headers, signal);
    const id = String(body.response_id);
    return kind === 'retrieve' ? this.#transport.retrieve(id, headers, signal) : this.#transport.stream(id, null, headers, signal);
  }

  #openResume(signal: AbortSignal): Promise<Response> {
    const { transcript, request } = this.#state;
    return this.#transport.stream(String(transcript.response?.id), transcript.lastSequenceNumber, request.headers, signal);
  }
}

function isReading(state: RunState): boolean {
  return isActive(state) && state.status !== 'rate_limited';
}

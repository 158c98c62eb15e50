// The turns of one conversation, each on its own driver: send, reply, load, resume, retry, stop, cancel and reset, with
// a snapshot (turns, status, announcement) for whoever shows them. No React here: the hook subscribes to it.
import { buildFollowUpBody, settingsFromResponse } from '@/lib/transcript/follow-up';
import type { RunStatus, Turn, TurnRequest } from '@/lib/transcript/run-types';
import type { JsonObject } from '@/lib/transcript/types';
import { RunDriver, type RunClock, type RunPolicy } from './driver';
import { isActive, type RunState } from './machine';
import type { RunTransport } from './transport';
import { toTurn } from './turn';

export interface SendInput {
  body: JsonObject;
  /** X-On-Behalf-Of and X-Gateway-Api-Key, passed to the proxy as given. */
  headers?: Record<string, string>;
}

export interface ThreadSnapshot {
  turns: Turn[];
  /** The status of the latest turn ('idle' before the first). */
  status: RunStatus;
  isRunning: boolean;
  /** Polite announcement for screen readers: start and end of a response, never tokens. */
  announcement: string;
}

export interface RunThreadOptions {
  transport: RunTransport;
  clock?: RunClock;
  policy?: Partial<RunPolicy>;
}

interface Entry {
  key: string;
  driver: RunDriver;
  turn: Turn | null;
  hasStarted: boolean;
}

const EMPTY: ThreadSnapshot = { turns: [], status: 'idle', isRunning: false, announcement: '' };

export class RunThread {
  #entries: Entry[] = [];
  #counter = 0;
  #snapshot: ThreadSnapshot = EMPTY;
  #announcement = '';
  readonly #listeners = new Set<() => void>();
  readonly #options: RunThreadOptions;

  constructor(options: RunThreadOptions) {
    this.#options = options;
  }

  subscribe = (listener: () => void): (() => void) => {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  };

  getSnapshot = (): ThreadSnapshot => this.#snapshot;

  send = ({ body, headers = {} }: SendInput): Promise<void> => this.#startTurn({ body, headers, kind: 'create' });

  /** Continues the thread: the last request's settings, previous_response_id of the last response, `input`. */
  reply = (input: unknown[]): Promise<void> => {
    const last = this.#entries.at(-1)?.driver.state;
    if (!last) return Promise.resolve();
    const response = last.transcript.response;
    const responseId = typeof response?.id === 'string' ? response.id : null;
    const settings = last.request.kind === 'create' || !response ? last.request.body : settingsFromResponse(response, true);
    return this.send({ body: buildFollowUpBody(settings, responseId, input), headers: last.request.headers });
  };

  /** Opens a stored response as a turn; `input` (what it was sent, when known) heads the turn with the user's words. */
  load = (responseId: string, headers: Record<string, string> = {}, input?: unknown): Promise<void> =>
    this.#startTurn({ body: input === undefined ? { response_id: responseId } : { response_id: responseId, input }, headers, kind: 'retrieve' });

  /** Re-streams a background response: the last turn from its cursor, or another id from the start as a new turn. */
  resume = (responseId?: string, headers?: Record<string, string>): Promise<void> => {
    const last = this.#entries.at(-1);
    const lastId = last?.driver.state.transcript.response?.id;
    if (last && typeof lastId === 'string' && (responseId === undefined || responseId === lastId)) {
      this.#stopOthers(last);
      return last.driver.resume();
    }
    if (!responseId) return Promise.resolve();
    const requestHeaders = headers ?? last?.driver.state.request.headers ?? {};
    return this.#startTurn({ body: { response_id: responseId, stream: true }, headers: requestHeaders, kind: 'resume' });
  };

  /** Sends a turn's request again in its place (the latest turn when no key is given). */
  retry = (key?: string): Promise<void> => {
    const entry = key === undefined ? this.#entries.at(-1) : this.#entries.find((candidate) => candidate.key === key);
    if (!entry) return Promise.resolve();
    this.#stopOthers(entry);
    return entry.driver.retry();
  };

  stop = (): void => {
    for (const entry of this.#entries) if (isActive(entry.driver.state)) entry.driver.stop();
  };

  /** Asks the gateway to cancel the latest turn's response. */
  cancel = async (): Promise<void> => {
    await this.#entries.at(-1)?.driver.cancel();
  };

  /** Empties the thread; late updates of its turns are ignored. */
  reset = (): void => {
    const entries = this.#entries;
    this.#entries = [];
    for (const entry of entries) entry.driver.stop();
    this.#announcement = '';
    this.#publish();
  };

  #startTurn(request: TurnRequest): Promise<void> {
    this.stop();
    this.#counter += 1;
    const key = `turn-${this.#counter}`;
    const driver = new RunDriver(request, { ...this.#options, onChange: (state) => this.#changed(key, state) });
    this.#entries = [...this.#entries, { key, driver, turn: null, hasStarted: false }];
    return driver.start();
  }

  #stopOthers(keep: Entry): void {
    for (const entry of this.#entries) if (entry !== keep && isActive(entry.driver.state)) entry.driver.stop();
  }

  #changed(key: string, state: RunState): void {
    const entry = this.#entries.find((candidate) => candidate.key === key);
    if (!entry) return;
    const previous = entry.turn;
    entry.turn = toTurn(entry.key, state);
    const model = typeof state.request.body.model === 'string' ? ` (${state.request.body.model})` : '';
    if (state.status === 'streaming' && !entry.hasStarted) {
      entry.hasStarted = true;
      this.#announcement = `Response started${model}.`;
    } else if (state.status === 'rate_limited' && previous?.status !== 'rate_limited') {
      this.#announcement = `Rate limited: the request is sent again when the wait ends.`;
    } else if (!isActive(state) && previous && isActive(previous)) {
      const error = state.error ?? state.transcript.error;
      this.#announcement = `Response ${state.status}${error ? `: ${error.message}` : '.'}`;
    }
    if (state.status === 'sending') entry.hasStarted = false;
    this.#publish();
  }

  #publish(): void {
    const turns = this.#entries.map((entry) => entry.turn ?? toTurn(entry.key, entry.driver.state));
    const status = turns.at(-1)?.status ?? 'idle';
    this.#snapshot = { turns, status, isRunning: turns.some((turn) => isActive(turn)), announcement: this.#announcement };
    for (const listener of this.#listeners) listener();
  }
}

// A recording replayed by the same run controller as a live run: a transport that answers create with the recorded events,
// each when the replay clock reaches its offset, and a session holding the clock, the thread and the controls.
import { ApiError, toErrorBody } from '@/lib/schema/errors';
import type { RecordingFile } from '@/lib/schema/recording';
import { ReplayClock, type ReplaySpeed } from './replay-clock';
import { RunThread } from './thread';
import type { RunTransport } from './transport';

export type ReplayedRecording = Pick<RecordingFile, 'request' | 'on_behalf_of' | 'headers_ms' | 'duration_ms' | 'ended_by' | 'events'>;

interface ReplayHooks {
  /** `delivered` events have been handed to the run. */
  onProgress(delivered: number): void;
  /** The recording has nothing more: its stream closed, or (`client`) the browser stopped reading there. */
  onEnd(endedBy: RecordingFile['ended_by']): void;
}

const encoder = new TextEncoder();

/** What a replay answers to anything but create: no gateway is called, and the recording holds nothing else. */
function notRecorded(what: string): Response {
  const error = new ApiError(409, `This is a replay of a recording: ${what} is not part of it, and a replay calls no gateway.`, { code: 'replay_only' });
  return Response.json(toErrorBody(error), { status: 409 });
}

/**
 * A transport whose create answers with the recording's SSE text, one event per read, each once `clock` reaches its offset
 * (headers at headers_ms). The run's reads pull the events, so the driver stamps each with its recorded offset. Events up
 * to `seekIndex()` (a seek) come at once; later ones only while playing, so a paused seek shows exactly the event chosen
 * even when the next ones arrived in the same instant.
 */
export function createReplayTransport(recording: ReplayedRecording, clock: ReplayClock, hooks: ReplayHooks, seekIndex: () => number = () => -1): RunTransport {
  return {
    async create(_body, _headers, signal) {
      await clock.waitUntil(recording.headers_ms, signal);
      clock.deliver(recording.headers_ms);
      let next = 0;
      const stream = new ReadableStream<Uint8Array>(
        {
          async pull(controller) {
            const event = recording.events[next];
            if (event) {
              await clock.waitUntil(event.at_ms, signal, next > seekIndex());
              if (signal.aborted) return;
              clock.deliver(event.at_ms);
              next += 1;
              hooks.onProgress(next);
              controller.enqueue(encoder.encode(event.raw));
              return;
            }
            await clock.waitUntil(recording.duration_ms, signal, true);
            if (signal.aborted) return;
            clock.deliver(recording.duration_ms);
            if (recording.ended_by === 'stream_end') {
              hooks.onEnd('stream_end');
              controller.close();
              return;
            }
            // The browser stopped reading here: the session stops the run, which aborts this read.
            const stopped = new Promise((_, reject) => signal.addEventListener('abort', () => reject(signal.reason), { once: true }));
            hooks.onEnd('client');
            await stopped;
          },
        },
        { highWaterMark: 0 },
      );
      return new Response(stream, { status: 200, headers: { 'Content-Type': 'text/event-stream' } });
    },
    retrieve: async () => notRecorded('retrieving the response again'),
    stream: async () => notRecorded('streaming the response again'),
    cancel: async () => notRecorded('cancelling the response'),
  };
}

export interface ReplaySnapshot {
  /** Events handed to the run so far. */
  delivered: number;
  eventCount: number;
  speed: ReplaySpeed;
  isPaused: boolean;
  isEnded: boolean;
  /** The event the replay last started from (a seek), or -1 from the beginning. */
  startedFrom: number;
  /** Once ended: the wall time it played for since it (re)started, pauses left out; the recording's own is its duration_ms. */
  playedMs: number | null;
}

export interface ReplaySessionOptions {
  speed?: ReplaySpeed;
  isPaused?: boolean;
  wall?: () => number;
}

/** One recording's replay: the thread the views show, and play, pause, speed and seek over its events. */
export class ReplaySession {
  readonly clock: ReplayClock;
  readonly thread: RunThread;
  readonly #recording: ReplayedRecording;
  #snapshot: ReplaySnapshot;
  readonly #listeners = new Set<() => void>();

  constructor(recording: ReplayedRecording, options: ReplaySessionOptions = {}) {
    this.#recording = recording;
    this.clock = new ReplayClock({ speed: options.speed, isPaused: options.isPaused, endMs: recording.duration_ms, wall: options.wall });
    this.#snapshot = { delivered: 0, eventCount: recording.events.length, speed: this.clock.speed, isPaused: this.clock.isPaused, isEnded: false, startedFrom: -1, playedMs: null };
    // A replay never resumes or retries by itself: there is no gateway to ask.
    this.thread = new RunThread({ transport: this.#transport(), clock: this.clock, policy: { resumeAttempts: 0 } });
    this.clock.subscribe(() => this.#update({ speed: this.clock.speed, isPaused: this.clock.isPaused }));
  }

  subscribe = (listener: () => void): (() => void) => {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  };

  getSnapshot = (): ReplaySnapshot => this.#snapshot;

  /** Plays from the beginning, or with every event up to `fromEvent` (an index) delivered at once: a seek. */
  start = (fromEvent = -1): Promise<void> => {
    this.thread.reset();
    const event = this.#recording.events[fromEvent];
    this.clock.restart(event ? event.at_ms : 0);
    this.#update({ delivered: 0, isEnded: false, startedFrom: event ? fromEvent : -1, playedMs: null });
    const headers: Record<string, string> = this.#recording.on_behalf_of ? { 'X-On-Behalf-Of': this.#recording.on_behalf_of } : {};
    return this.thread.send({ body: this.#recording.request, headers });
  };

  seek = (eventIndex: number): Promise<void> => this.start(Math.min(Math.max(0, eventIndex), this.#recording.events.length - 1));

  play = (): void => {
    if (this.#snapshot.isEnded) void this.start();
    else this.clock.play();
  };

  pause = (): void => this.clock.pause();

  setSpeed = (speed: ReplaySpeed): void => this.clock.setSpeed(speed);

  /** Stops the replay for good (the page is left). */
  dispose = (): void => this.thread.reset();

  /** Hooks run only for the current run: a superseded one was stopped, so its signal is aborted and its reads are silent. */
  #transport(): RunTransport {
    return createReplayTransport(
      this.#recording,
      this.clock,
      {
        onProgress: (delivered) => this.#update({ delivered }),
        onEnd: (endedBy) => {
          this.#update({ isEnded: true, playedMs: this.clock.playedWallMs() });
          if (endedBy === 'client') this.thread.stop();
        },
      },
      () => this.#snapshot.startedFrom,
    );
  }

  #update(change: Partial<ReplaySnapshot>): void {
    this.#snapshot = { ...this.#snapshot, ...change };
    for (const listener of this.#listeners) listener();
  }
}

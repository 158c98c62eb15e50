// The clock of a recording's replay: a timeline in the recording's milliseconds that plays at 1×, 2×, 5× or instantly,
// pauses, and jumps (seek); the run driver reads it as its clock, so a replay's metrics are the recording's.
import type { RunClock } from './driver';

/** Playback speeds: Infinity is instant. */
export type ReplaySpeed = 1 | 2 | 5 | typeof Infinity;
export const REPLAY_SPEEDS: readonly ReplaySpeed[] = [1, 2, 5, Infinity];

export interface ReplayClockOptions {
  speed?: ReplaySpeed;
  isPaused?: boolean;
  /** Where the timeline ends (the recording's duration): it never reads past it. */
  endMs: number;
  /** Wall time in ms (performance.now() in the browser); timers use setTimeout. */
  wall?: () => number;
}

export class ReplayClock implements RunClock {
  #position = 0;
  #anchorWall: number;
  #speed: ReplaySpeed;
  #isPaused: boolean;
  #delivered = 0;
  #playedWallMs = 0;
  readonly #endMs: number;
  readonly #wall: () => number;
  readonly #waiters = new Set<() => void>();
  readonly #listeners = new Set<() => void>();

  constructor(options: ReplayClockOptions) {
    this.#wall = options.wall ?? (() => performance.now());
    this.#anchorWall = this.#wall();
    this.#speed = options.speed ?? 1;
    this.#isPaused = options.isPaused ?? false;
    this.#endMs = options.endMs;
  }

  get speed(): ReplaySpeed {
    return this.#speed;
  }

  get isPaused(): boolean {
    return this.#isPaused;
  }

  /**
   * What the run sees as now: the offset of the latest moment delivered (a header, an event, the end), never the time in
   * between, so each event is stamped with its recorded offset whatever the speed or the load of the page.
   */
  now(): number {
    return this.#delivered;
  }

  /** Where the replay is on the recording's timeline, moving while it plays (what live figures and the scrub bar read). */
  position(): number {
    if (this.#isPaused) return this.#position;
    if (this.#speed === Infinity) return this.#endMs;
    return Math.min(this.#endMs, this.#position + (this.#wall() - this.#anchorWall) * this.#speed);
  }

  /** Wall time spent playing since the last restart (pauses left out). */
  playedWallMs(): number {
    return this.#playedWallMs + (this.#isPaused ? 0 : this.#wall() - this.#anchorWall);
  }

  /** The run has been given the moment at `offsetMs`: from now on that is its now(). */
  deliver(offsetMs: number): void {
    this.#delivered = offsetMs;
  }

  /**
   * Resolves once the timeline reaches `offsetMs` (at once when it already has, or when instant); rejects when `signal`
   * aborts. `isPlayRequired`: not while paused either, even when due (moments sharing the offset a seek stopped at).
   */
  waitUntil(offsetMs: number, signal: AbortSignal, isPlayRequired = false): Promise<void> {
    return new Promise((resolve, reject) => {
      if (signal.aborted) return reject(signal.reason);
      let timer: ReturnType<typeof setTimeout> | undefined;
      const done = (settle: () => void) => {
        clearTimeout(timer);
        this.#waiters.delete(check);
        signal.removeEventListener('abort', abort);
        settle();
      };
      const abort = () => done(() => reject(signal.reason));
      // Re-evaluated whenever the clock changes (play, pause, speed, restart), and when the timer it set fires.
      const check = () => {
        clearTimeout(timer);
        const position = this.position();
        if (this.#isPaused) {
          if (position >= offsetMs && !isPlayRequired) done(resolve);
          return;
        }
        if (position >= offsetMs) return done(resolve);
        timer = setTimeout(check, Math.max(0, (offsetMs - position) / this.#speed));
      };
      this.#waiters.add(check);
      signal.addEventListener('abort', abort, { once: true });
      check();
    });
  }

  /** RunClock: a wait of `ms` on the replay's timeline. */
  sleep(ms: number, signal: AbortSignal): Promise<void> {
    return this.waitUntil(this.position() + ms, signal);
  }

  pause(): void {
    if (this.#isPaused) return;
    this.#rebase();
    this.#isPaused = true;
    this.#changed();
  }

  play(): void {
    if (!this.#isPaused) return;
    this.#anchorWall = this.#wall();
    this.#isPaused = false;
    this.#changed();
  }

  setSpeed(speed: ReplaySpeed): void {
    if (speed === this.#speed) return;
    this.#rebase();
    this.#speed = speed;
    this.#changed();
  }

  /** Starts the timeline again at `offsetMs` (a seek): what the run saw is forgotten, moments up to there are due at once. */
  restart(offsetMs: number): void {
    this.#position = Math.min(Math.max(0, offsetMs), this.#endMs);
    this.#anchorWall = this.#wall();
    this.#playedWallMs = 0;
    this.#delivered = 0;
    this.#changed();
  }

  subscribe(listener: () => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  /** Holds the timeline where it is now; an instant replay is where its deliveries got to, not at its end. */
  #rebase(): void {
    this.#position = this.#speed === Infinity && !this.#isPaused ? Math.max(this.#position, this.#delivered) : this.position();
    this.#playedWallMs = this.playedWallMs();
    this.#anchorWall = this.#wall();
  }

  #changed(): void {
    for (const waiter of [...this.#waiters]) waiter();
    for (const listener of this.#listeners) listener();
  }
}

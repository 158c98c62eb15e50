'use client';
// The playground's run hook: sends, streams, stops, resumes, loads and chains turns of one thread.
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { buildFollowUpBody, settingsFromResponse } from '@/lib/transcript/follow-up';
import type { RunStatus, Turn, TurnRequest } from '@/lib/transcript/run-types';
import { createWorkingTurn, responsePath, runTurn, snapshotTurn, type OpenRequest, type WorkingTurn } from './run-session';

export interface SendInput {
  body: Record<string, unknown>;
  /** X-On-Behalf-Of and X-Gateway-Api-Key, passed to the proxy as given. */
  headers?: Record<string, string>;
}

export interface ResponseRun {
  status: RunStatus;
  turns: Turn[];
  isRunning: boolean;
  /** Polite announcement for screen readers: start and end of a response, never tokens. */
  announcement: string;
  send(input: SendInput): Promise<void>;
  /** Continues the thread: the last request's settings, previous_response_id of the last response, `input`. */
  reply(input: unknown[]): Promise<void>;
  stop(): void;
  /** Asks the gateway to cancel the running background response. */
  cancel(): Promise<void>;
  load(responseId: string, headers?: Record<string, string>): Promise<void>;
  /** Re-streams a background response: the last turn from its cursor, or another id from the start. */
  resume(responseId?: string, headers?: Record<string, string>): Promise<void>;
  reset(): void;
}

const JSON_HEADERS = { 'Content-Type': 'application/json' };

export function useResponseRun(): ResponseRun {
  const [turns, setTurns] = useState<Turn[]>([]);
  const [announcement, setAnnouncement] = useState('');
  const active = useRef<WorkingTurn | null>(null);
  const lastWorking = useRef<WorkingTurn | null>(null);
  const frame = useRef<number | null>(null);
  const turnCounter = useRef(0);
  /** Bumped by reset(): late updates of turns from before it are dropped. */
  const session = useRef(0);

  const publish = useCallback((working: WorkingTurn) => {
    if (!working.key.startsWith(`s${session.current}-`)) return;
    const snapshot = snapshotTurn(working);
    setTurns((current) => {
      const at = current.findIndex((turn) => turn.key === snapshot.key);
      if (at < 0) return [...current, snapshot];
      const next = [...current];
      next[at] = snapshot;
      return next;
    });
  }, []);

  /** Batches renders to one per animation frame, however fast events arrive. */
  const scheduleFlush = useCallback(
    (working: WorkingTurn) => {
      if (frame.current !== null) return;
      const flush = () => {
        frame.current = null;
        publish(working);
      };
      frame.current = typeof requestAnimationFrame === 'function' ? requestAnimationFrame(flush) : (setTimeout(flush, 16) as unknown as number);
    },
    [publish],
  );

  useEffect(
    () => () => {
      active.current?.controller?.abort();
      if (frame.current !== null && typeof cancelAnimationFrame === 'function') cancelAnimationFrame(frame.current);
    },
    [],
  );

  const execute = useCallback(
    async (working: WorkingTurn, open: OpenRequest) => {
      active.current?.controller?.abort();
      active.current = working;
      lastWorking.current = working;
      publish(working);
      let announced = false;
      await runTurn(working, open, working.request.headers, () => {
        if (!announced && working.status === 'streaming') {
          announced = true;
          setAnnouncement(`Response started${working.request.body.model ? ` (${String(working.request.body.model)})` : ''}.`);
        }
        scheduleFlush(working);
      });
      publish(working);
      if (!working.key.startsWith(`s${session.current}-`)) return;
      const error = working.error ?? working.transcript.error;
      setAnnouncement(`Response ${working.status}${error ? `: ${error.message}` : '.'}`);
      if (active.current === working) active.current = null;
    },
    [publish, scheduleFlush],
  );

  const newTurn = useCallback((request: TurnRequest): WorkingTurn => {
    turnCounter.current += 1;
    return createWorkingTurn(`s${session.current}-turn-${turnCounter.current}`, request);
  }, []);

  const send = useCallback(
    async ({ body, headers = {} }: SendInput) => {
      const working = newTurn({ body, headers, kind: 'create' });
      await execute(working, (signal) =>
        fetch('/api/responses', { method: 'POST', headers: { ...JSON_HEADERS, ...headers }, body: JSON.stringify(body), signal }),
      );
    },
    [execute, newTurn],
  );

  const reply = useCallback(
    async (input: unknown[]) => {
      const last = lastWorking.current;
      if (!last) return;
      const response = last.transcript.response;
      const responseId = typeof response?.id === 'string' ? response.id : null;
      const settings = last.request.kind === 'create' || !response ? last.request.body : settingsFromResponse(response, true);
      await send({ body: buildFollowUpBody(settings, responseId, input), headers: last.request.headers });
    },
    [send],
  );

  const stop = useCallback(() => {
    const working = active.current;
    if (!working?.controller) return;
    working.stopReason = 'stopped';
    working.controller.abort();
  }, []);

  const cancel = useCallback(async () => {
    const working = active.current ?? lastWorking.current;
    const id = working?.transcript.response?.id;
    if (!working || typeof id !== 'string') return;
    const response = await fetch(responsePath(id, '/cancel'), { method: 'POST', headers: working.request.headers });
    if (response.ok && working.controller) {
      working.stopReason = 'cancelled';
      working.controller.abort();
    } else if (response.ok) {
      working.status = 'cancelled';
      publish(working);
    }
  }, [publish]);

  const load = useCallback(
    async (responseId: string, headers: Record<string, string> = {}) => {
      const working = newTurn({ body: { response_id: responseId }, headers, kind: 'retrieve' });
      await execute(working, (signal) => fetch(responsePath(responseId), { headers, signal }));
    },
    [execute, newTurn],
  );

  const resume = useCallback(
    async (responseId?: string, headers?: Record<string, string>) => {
      const last = lastWorking.current;
      const lastId = last?.transcript.response?.id;
      if (last && (responseId === undefined || responseId === lastId) && typeof lastId === 'string') {
        last.status = 'streaming';
        last.error = null;
        const cursor = last.transcript.lastSequenceNumber;
        await execute(last, (signal) => fetch(responsePath(lastId, `?stream=true&starting_after=${cursor}`), { headers: last.request.headers, signal }));
        return;
      }
      if (!responseId) return;
      const requestHeaders = headers ?? last?.request.headers ?? {};
      const working = newTurn({ body: { response_id: responseId, stream: true }, headers: requestHeaders, kind: 'resume' });
      await execute(working, (signal) => fetch(responsePath(responseId, '?stream=true'), { headers: requestHeaders, signal }));
    },
    [execute, newTurn],
  );

  const reset = useCallback(() => {
    session.current += 1;
    active.current?.controller?.abort();
    active.current = null;
    lastWorking.current = null;
    setTurns([]);
    setAnnouncement('');
  }, []);

  const status: RunStatus = turns.at(-1)?.status ?? 'idle';
  const isRunning = status === 'sending' || status === 'streaming';
  return useMemo(
    () => ({ status, turns, isRunning, announcement, send, reply, stop, cancel, load, resume, reset }),
    [status, turns, isRunning, announcement, send, reply, stop, cancel, load, resume, reset],
  );
}

// What the proxy records from a stream it relays or a response it polled: the run id is known (a create stream) or resolved once (an id asked for), then every status goes to it.
import 'server-only';
import type { AuditNote } from '@/lib/audit/entry';
import { readResponseInfo, recordAcceptedBackground, recordAliasesOf, recordCreated, recordLaterStatus, recordStatus, resolveRunId, type CreateContext } from './recorders';
import { inBackground } from './drain';
import type { SseObserver } from './sse-passthrough';

/**
 * Records what a stream reveals: the created response (gating its chunk for background jobs), then every later status
 * (the terminal event's included) into the history, the chain index and, for background runs, the job.
 */
export function observeStream(onBehalfOf: string | null, create: CreateContext | null, requestedId: string | null = null, audit: AuditNote = {}): SseObserver {
  let recordedCreate = false;
  // The run id: the one asked for (a retrieve), else the first the stream names (response.created). Some gateways name
  // the same response differently in every event; those ids are filed as its aliases and statuses go to the run id.
  let streamId = requestedId;
  // An id asked for may itself be an alias: it is resolved once, on the first record; a created stream's id is the run id.
  let runId: Promise<string> | null = null;
  const aliases = new Set<string>();
  // Events after response.created can arrive in its chunk: their statuses wait for the rows they update, or they would find none.
  let jobRecorded: Promise<boolean> = Promise.resolve(false);
  let createRecorded: Promise<void> = Promise.resolve();
  return {
    onEvent(type, payload) {
      if (type === 'error') return;
      const info = readResponseInfo(payload?.response);
      if (!info) return;
      const id = (streamId ??= info.id);
      audit.responseId ??= id;
      audit.model ??= info.model;
      runId ??= requestedId === null ? Promise.resolve(id) : resolveRunId(requestedId);
      const filed = runId;
      if (info.id !== id && !aliases.has(info.id)) {
        aliases.add(info.id);
        inBackground(filed.then((run) => recordAliasesOf(run, [info.id], createRecorded)));
      }
      if (create && type === 'response.created' && !recordedCreate) {
        recordedCreate = true;
        const created = { ...info, id };
        // The history and chain index rows are written after this chunk has gone on (on PGlite a write holds the event
        // loop); only a background job is recorded before the browser hears of the response. They come after the job,
        // so a status that reached the job before them (a cancel) is found there by their insert.
        jobRecorded = recordAcceptedBackground(created, create);
        createRecorded = jobRecorded.then(() => new Promise<void>((resolve) => setImmediate(() => resolve(recordCreated(created, create)))));
        inBackground(createRecorded);
        return jobRecorded.then(() => undefined);
      }
      const status = info.status;
      if (!status) return;
      // A job is one the create recorded (a gateway that does not echo background) or one the event says runs in the background.
      inBackground(Promise.all([filed, jobRecorded]).then(([run, isJob]) => (isJob || info.background ? recordStatus(run, status, 'stream') : undefined)));
      inBackground(filed.then((run) => recordLaterStatus(run, status, createRecorded)));
    },
    onEnd() {
      if (create && !recordedCreate) inBackground(recordCreated(null, create));
    },
  };
}

/**
 * A polled or cancelled response: the id asked for is resolved to its run id once; a reply naming the response otherwise
 * files that id as an alias, then the status goes to the run id (history, chain index, and the job of a background run).
 */
export function recordPolled(requestedId: string, audit: AuditNote = {}) {
  return (value: unknown): Promise<void> => {
    const info = readResponseInfo(value);
    if (!info) return Promise.resolve();
    audit.model ??= info.model;
    const recorded = resolveRunId(requestedId).then(async (runId) => {
      if (info.id !== requestedId && info.id !== runId) await recordAliasesOf(runId, [info.id]);
      if (!info.status) return;
      // The job first: if the create's history and chain rows are not written yet, their insert takes the job's status.
      if (info.background) await recordStatus(runId, info.status, 'poll');
      await recordLaterStatus(runId, info.status);
    });
    inBackground(recorded);
    return Promise.resolve();
  };
}

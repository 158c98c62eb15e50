// Pure: why a turn of a chain could not be retrieved, worded from the HTTP failure and what the index knows.
import type { ChainEntry } from './schema';

/** A failed call: the HTTP status (0 when the server could not be reached) and the error envelope's fields. */
export interface ApiFailure {
  status: number;
  message: string | null;
  code: string | null;
}

export type BrokenLinkReason = 'deleted' | 'not_stored' | 'other_user' | 'gone' | 'unknown' | 'error';

export interface BrokenLinkExplanation {
  reason: BrokenLinkReason;
  title: string;
  detail: string;
}

export function normalizeUser(user: string | null | undefined): string | null {
  const trimmed = user?.trim();
  return trimmed ? trimmed : null;
}

function describeUser(user: string | null): string {
  return user === null ? 'no X-On-Behalf-Of user' : `user "${user}"`;
}

export function explainBrokenLink(failure: ApiFailure, entry: ChainEntry | null, currentUser: string | null): BrokenLinkExplanation {
  const actingAs = normalizeUser(currentUser);
  if (failure.status !== 404) {
    const answer = failure.status === 0 ? 'could not be reached' : `answered ${failure.status}`;
    return {
      reason: 'error',
      title: 'Could not retrieve this turn',
      detail: `The gateway ${answer}${failure.message ? `: ${failure.message}` : ''}. Try again; the rest of the chain is shown from the index.`,
    };
  }
  if (entry?.deleted) {
    return { reason: 'deleted', title: 'Deleted', detail: 'This response was deleted from the playground, so the gateway answers 404.' };
  }
  if (entry?.stored === false) {
    return {
      reason: 'not_stored',
      title: 'Not stored (store: false)',
      detail: 'It was created with store: false, so the gateway never kept it. Re-run that turn with store: true to continue from it.',
    };
  }
  if (entry && normalizeUser(entry.on_behalf_of) !== actingAs) {
    return {
      reason: 'other_user',
      title: 'Not found for this user (belongs to another user)',
      detail: `It was seen with ${describeUser(normalizeUser(entry.on_behalf_of))}, but you are acting as ${describeUser(actingAs)}. Stored responses are scoped to the X-On-Behalf-Of user: switch "Acting as" to open it.`,
    };
  }
  if (entry) {
    return {
      reason: 'gone',
      title: 'Not found any more',
      detail: `Seen before with ${describeUser(actingAs)}, but the gateway no longer has it: deleted outside this playground, expired, created with store: false, or stored under another API key.`,
    };
  }
  return {
    reason: 'unknown',
    title: 'Not found',
    detail:
      'The gateway has no such response for this user, and this playground never saw the id: it may be mistyped, deleted, created with store: false, expired, or belong to another user or API key.',
  };
}

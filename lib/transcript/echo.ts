// What a gateway's replies say about the fields a turn sent: those it ignored or did not confirm, and a model it swapped.
import type { TurnRequest } from './run-types';
import type { JsonObject, ResponseSnapshot, TranscriptState } from './types';

export type EchoField = 'auto_routing' | 'auto_routing_debug' | 'background' | 'store' | 'webhook_url' | 'model';

export interface EchoNotice {
  field: EchoField;
  /** ignored: the reply shows the field had no effect; unconfirmed: the reply does not say; replaced: another model ran. */
  kind: 'ignored' | 'unconfirmed' | 'replaced';
  /** One line for beside the turn ("the gateway ignored auto_routing"). */
  text: string;
  /** The evidence, in words. */
  reason: string;
}

/** The response objects a turn saw, the first (created event or JSON reply) and the latest, and whether they came as a stream. */
export type EchoReplies = Pick<TranscriptState, 'firstResponse' | 'response'> & { isStreamed: boolean };

const ACTIVE_STATUSES: readonly unknown[] = ['queued', 'in_progress'];

/**
 * Reads what the replies echo of a create turn's body. Each field has its own idea of an echo (docs/protocol.md,
 * "Fields a gateway ignored"): `background` and `store` are echoed fields of the response object; `auto_routing` shows
 * as its echo, a routing decision in `metadata.auto_routing_debug` or a variant that ran in place of the model asked
 * for; `webhook_url` is never echoed (the webhook capture watches it instead). Retrieves and re-streams say nothing.
 */
export function findEchoNotices(request: TurnRequest, replies: EchoReplies): EchoNotice[] {
  if (request.kind !== 'create') return [];
  const seen = [replies.response, replies.firstResponse].filter((reply): reply is ResponseSnapshot => reply !== null);
  if (seen.length === 0) return [];
  const sent = request.body;
  const echo = (key: string): unknown => seen.find((reply) => reply[key] !== undefined && reply[key] !== null)?.[key];
  const asked = typeof sent.model === 'string' ? sent.model : null;
  const servedValue = echo('model');
  const served = typeof servedValue === 'string' && servedValue !== '' ? servedValue : null;
  const hasDecision = seen.some((reply) => hasRoutingDecision(reply.metadata));
  const isOtherModel = asked !== null && served !== null && !isSameModel(asked, served);

  const notices: EchoNotice[] = [];
  const routing = sent.auto_routing === true ? judgeRouting(sent, echo('auto_routing'), hasDecision, isOtherModel) : null;
  if (routing) notices.push(routing);
  if (sent.auto_routing === true && sent.auto_routing_debug === true && !hasDecision) {
    notices.push(ignored('auto_routing_debug', 'its reply has no routing decision in metadata.auto_routing_debug'));
  }
  const background = sent.background === true ? judgeBackground(echo('background'), replies) : null;
  if (background) notices.push(background);
  if (background?.kind === 'ignored' && typeof sent.webhook_url === 'string') {
    notices.push(ignored('webhook_url', 'webhooks are sent only for background runs, and it did not run this one in the background'));
  }
  const store = typeof sent.store === 'boolean' ? judgeStore(sent.store, echo('store')) : null;
  if (store) notices.push(store);
  if (asked !== null && served === null) {
    notices.push({ field: 'model', kind: 'unconfirmed', text: 'the gateway did not say which model ran', reason: 'its reply has no model' });
  } else if (asked !== null && served !== null && isOtherModel && !isRouted(sent, routing)) {
    notices.push({ field: 'model', kind: 'replaced', text: `the gateway ran ${served}, not ${asked}`, reason: `its reply names the model ${served}` });
  }
  return notices;
}

/** A turn running in the background: the reply echoes so, or (a gateway that does not echo it) the turn asked for it. */
export function isBackgroundTurn(request: TurnRequest, response: ResponseSnapshot | null): boolean {
  if (!response) return false;
  if (typeof response.background === 'boolean') return response.background;
  return request.kind === 'create' && request.body.background === true;
}

function ignored(field: EchoField, reason: string): EchoNotice {
  return { field, kind: 'ignored', text: `the gateway ignored ${field}`, reason };
}

function unconfirmed(field: EchoField, reason: string): EchoNotice {
  return { field, kind: 'unconfirmed', text: `the gateway may have ignored ${field}`, reason };
}

/** A variant that ran in place of the model asked for is routing at work, when auto_routing was sent and not refused. */
function isRouted(sent: JsonObject, routing: EchoNotice | null): boolean {
  return sent.auto_routing === true && routing === null;
}

function judgeRouting(sent: JsonObject, echoed: unknown, hasDecision: boolean, isOtherModel: boolean): EchoNotice | null {
  if (echoed === true || hasDecision) return null;
  if (echoed === false) return ignored('auto_routing', 'its reply says auto_routing: false');
  if (isOtherModel) return null;
  if (sent.auto_routing_debug === true) {
    return ignored('auto_routing', 'it wrote no routing decision to metadata.auto_routing_debug and ran the model asked for');
  }
  return unconfirmed('auto_routing', 'its reply does not echo auto_routing and names the model asked for');
}

function judgeBackground(echoed: unknown, replies: EchoReplies): EchoNotice | null {
  if (echoed === true) return null;
  if (echoed === false) return ignored('background', 'its reply says background: false');
  const status = replies.firstResponse?.status;
  // Without the echo the first status still tells: only background responses wait `queued`, and a JSON reply to a
  // background request comes while the response is queued or running, a foreground one once it has ended.
  if (status === 'queued') return null;
  if (!replies.isStreamed && typeof status === 'string') {
    if (ACTIVE_STATUSES.includes(status)) return null;
    return ignored('background', `it answered only once the response had ended (${status}), as it does a foreground request`);
  }
  return unconfirmed('background', 'its reply does not echo background');
}

function judgeStore(sent: boolean, echoed: unknown): EchoNotice | null {
  if (echoed === sent) return null;
  if (typeof echoed === 'boolean') return ignored('store', `you sent store: ${sent}; its reply says store: ${echoed}`);
  // store: true asks for what every gateway does by default; only a missing echo of store: false leaves a doubt.
  return sent ? null : unconfirmed('store', 'its reply does not echo store, so it may have kept the response');
}

function hasRoutingDecision(metadata: unknown): boolean {
  if (typeof metadata !== 'object' || metadata === null) return false;
  const decision = (metadata as JsonObject).auto_routing_debug;
  return typeof decision === 'string' && decision !== '';
}

/** The same model under another name: a dated snapshot (`gpt-4o-2024-08-06` for `gpt-4o`) or a provider prefix (`openai/gpt-4o`). */
export function isSameModel(asked: string, served: string): boolean {
  if (asked === served) return true;
  if (served.endsWith(`/${asked}`) || asked.endsWith(`/${served}`)) return true;
  return served.startsWith(`${asked}-`) && /^\d{4}-?\d{2}-?\d{2}$/.test(served.slice(asked.length + 1));
}

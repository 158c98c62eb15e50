// Where a captured delivery may be replayed: the capture's own receiver, or a target WEBHOOK_REPLAY_ALLOW lists (pure).
import { matchesAllowEntry } from '@/lib/http/allow-list';

export type ReplayTargetCheck = { isAllowed: true; url: URL } | { isAllowed: false; message: string };

export interface ReplayPolicy {
  /** The capture's receiver URLs (as the playground reaches itself, and as gateways reach it). */
  ownReceivers: readonly string[];
  /** WEBHOOK_REPLAY_ALLOW: origins or URL prefixes, host names, or `*.domain` (the syntax of LOCAL_GATEWAY_WEBHOOK_ALLOW). */
  allow: readonly string[];
}

const withoutQuery = (url: URL) => `${url.origin}${url.pathname}`;

/** Other loopback ports and paths are refused too: a replay must not probe or post to other services on this machine. */
export function checkReplayTarget(target: string, policy: ReplayPolicy): ReplayTargetCheck {
  let url: URL;
  try {
    url = new URL(target);
  } catch {
    return { isAllowed: false, message: 'target must be an absolute http(s) URL' };
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return { isAllowed: false, message: 'target must use http or https' };
  if (url.username || url.password) return { isAllowed: false, message: 'target must not carry credentials' };
  const isOwn = policy.ownReceivers.some((receiver) => withoutQuery(new URL(receiver)) === withoutQuery(url));
  if (isOwn || policy.allow.some((entry) => matchesAllowEntry(url, entry))) return { isAllowed: true, url };
  return { isAllowed: false, message: `target must be this capture's own receiver (${policy.ownReceivers.at(-1) ?? 'its URL'}) or match WEBHOOK_REPLAY_ALLOW` };
}

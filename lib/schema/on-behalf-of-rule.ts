// The X-On-Behalf-Of rule as plain checks (no zod): the chains page checks its acting-user field with it as the user
// types, without loading the schema library; onBehalfOfSchema (on-behalf-of.ts) states the same rule, in the same words.
import { LIMITS } from './constants';

export const ON_BEHALF_OF_HEADER = 'X-On-Behalf-Of';

/** What each refusal says, in the order the checks run (on the trimmed value). */
export const ON_BEHALF_OF_REFUSALS = {
  tooLong: `${ON_BEHALF_OF_HEADER} must be at most ${LIMITS.on_behalf_of.maxLength} characters.`,
  unprintable: `${ON_BEHALF_OF_HEADER} may contain only printable ASCII characters.`,
} as const;

export const ON_BEHALF_OF_PATTERN = /^[\x20-\x7E]*$/;

/** The first check `raw` (trimmed) fails, in the schema's words, or null when the header may carry it. */
export function findOnBehalfOfRefusal(raw: string): string | null {
  const value = raw.trim();
  if (value.length > LIMITS.on_behalf_of.maxLength) return ON_BEHALF_OF_REFUSALS.tooLong;
  if (!ON_BEHALF_OF_PATTERN.test(value)) return ON_BEHALF_OF_REFUSALS.unprintable;
  return null;
}

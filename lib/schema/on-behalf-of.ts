// The gateway's X-On-Behalf-Of header: trimmed, optional, at most 256 printable ASCII characters.
import { z } from 'zod';
import { LIMITS } from './constants';
import { makeApiError, type ApiErrorBody } from './errors';
import { ON_BEHALF_OF_HEADER, ON_BEHALF_OF_PATTERN, ON_BEHALF_OF_REFUSALS } from './on-behalf-of-rule';

export { ON_BEHALF_OF_HEADER } from './on-behalf-of-rule';

export const onBehalfOfSchema = z
  .string()
  .trim()
  .max(LIMITS.on_behalf_of.maxLength, { error: ON_BEHALF_OF_REFUSALS.tooLong })
  .regex(ON_BEHALF_OF_PATTERN, { error: ON_BEHALF_OF_REFUSALS.unprintable });

export type ParseOnBehalfOfResult = { ok: true; value: string | null } | { ok: false; error: ApiErrorBody };

export function parseOnBehalfOf(raw: string | null | undefined): ParseOnBehalfOfResult {
  if (raw == null) return { ok: true, value: null };
  // A header sent twice reaches a server joined as "alice, bob"; acting on that would act for a user nobody named.
  if (raw.includes(', ')) {
    return {
      ok: false,
      error: makeApiError(
        `The ${ON_BEHALF_OF_HEADER} header holds ", ", which is how a header sent more than once arrives (joined as "alice, bob"); send it once, with one user id.`,
        { param: ON_BEHALF_OF_HEADER, code: 'repeated_header' },
      ),
    };
  }
  const result = onBehalfOfSchema.safeParse(raw);
  if (!result.success) {
    const issue = result.error.issues[0];
    const code = issue?.code === 'too_big' ? 'string_above_max_length' : 'invalid_value';
    return {
      ok: false,
      error: makeApiError(`Invalid '${ON_BEHALF_OF_HEADER}' header: ${issue?.message ?? 'invalid value.'}`, {
        param: ON_BEHALF_OF_HEADER,
        code,
      }),
    };
  }
  return { ok: true, value: result.data === '' ? null : result.data };
}

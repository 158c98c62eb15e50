// How many top-level fields the form has no control for: the title of the extra fields section, which opens when there are any.
import { pickExtraFields } from './body-path';

export const countExtraFields = (body: unknown) => Object.keys(pickExtraFields((body ?? {}) as Record<string, unknown>)).length;

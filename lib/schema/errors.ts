// The error envelope shared by our routes and the gateway, and the zod-path to protocol-param rendering.
import { z } from 'zod';

export const apiErrorSchema = z.looseObject({
  message: z.string(),
  type: z.string(),
  param: z.string().nullable(),
  code: z.string().nullable(),
});

export const apiErrorBodySchema = z.looseObject({ error: apiErrorSchema });

export type ApiError = z.infer<typeof apiErrorSchema>;
export type ApiErrorBody = z.infer<typeof apiErrorBodySchema>;

export function makeApiError(
  message: string,
  options: { type?: string; param?: string | null; code?: string | null } = {},
): ApiErrorBody {
  return {
    error: {
      message,
      type: options.type ?? 'invalid_request_error',
      param: options.param ?? null,
      code: options.code ?? null,
    },
  };
}

const PLAIN_KEY = /^[A-Za-z_][A-Za-z0-9_-]*$/;

/** Renders ['tools', 2, 'parameters'] as `tools[2].parameters`; odd keys are quoted so the path stays unambiguous. */
export function zodPathToParam(path: ReadonlyArray<PropertyKey>): string {
  let param = '';
  for (const segment of path) {
    if (typeof segment === 'number') {
      param += `[${segment}]`;
      continue;
    }
    const key = typeof segment === 'symbol' ? (segment.description ?? '') : segment;
    if (PLAIN_KEY.test(key)) param += param === '' ? key : `.${key}`;
    else param += `[${JSON.stringify(key)}]`;
  }
  return param;
}

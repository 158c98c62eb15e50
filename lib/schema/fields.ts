// Reusable field schemas whose failures carry a protocol error code (numbers, URLs, JSON Schema objects).
import { z } from 'zod';

/** Issue params understood by the issue formatter: `code` is the protocol code, `sentence` a complete message. */
export type IssueParams = { code: string; sentence?: boolean };

type NumberBounds = { min?: number; max?: number };

function boundedNumber(kind: 'integer' | 'decimal', bounds: NumberBounds) {
  return z.number().superRefine((value, ctx) => {
    if (kind === 'integer' && !Number.isInteger(value)) {
      ctx.addIssue({ code: 'custom', message: `expected an integer, but got ${value}.`, params: { code: 'invalid_type' } });
      return;
    }
    if (bounds.min !== undefined && value < bounds.min) {
      ctx.addIssue({
        code: 'custom',
        message: `${value} is below the minimum of ${bounds.min}.`,
        params: { code: `${kind}_below_min_value` },
      });
    }
    if (bounds.max !== undefined && value > bounds.max) {
      ctx.addIssue({
        code: 'custom',
        message: `${value} is above the maximum of ${bounds.max}.`,
        params: { code: `${kind}_above_max_value` },
      });
    }
  });
}

/** A whole number within inclusive bounds; 1.5 fails as invalid_type, out-of-range as integer_*_value. */
export function integerInRange(bounds: NumberBounds = {}) {
  return boundedNumber('integer', bounds);
}

/** A finite number within inclusive bounds; out-of-range fails as decimal_*_value. */
export function decimalInRange(bounds: NumberBounds = {}) {
  return boundedNumber('decimal', bounds);
}

export function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

export const httpUrlSchema = z.string().refine(isHttpUrl, {
  message: 'expected an absolute http(s) URL.',
  params: { code: 'invalid_value' },
});

/** Images may be fetched by URL or inlined as base64 data URLs. */
export const imageUrlSchema = z.string().refine((value) => isHttpUrl(value) || /^data:[^,]*,/.test(value), {
  message: 'expected an http(s) URL or a data: URL.',
  params: { code: 'invalid_value' },
});

/** A name limited to letters, digits, underscores and dashes. */
export function identifierName(maxLength: number) {
  return z
    .string()
    .min(1)
    .max(maxLength)
    .refine((value) => /^[a-zA-Z0-9_-]*$/.test(value), {
      message: 'may contain only letters, digits, underscores and dashes (^[a-zA-Z0-9_-]+$).',
      params: { code: 'invalid_value' },
    });
}

/** A JSON Schema describing an object: a plain object whose `type`, when given, is "object". */
export const objectJsonSchemaSchema = z.record(z.string(), z.unknown()).superRefine((schema, ctx) => {
  if ('type' in schema && schema.type !== 'object') {
    ctx.addIssue({
      code: 'custom',
      path: ['type'],
      message: `the schema must have type "object", but got ${JSON.stringify(schema.type)}.`,
      params: { code: 'invalid_value' },
    });
  }
});


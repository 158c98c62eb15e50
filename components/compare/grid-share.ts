// A grid shared by link: its definition in the URL hash (#grid=), base64url as request share links are, with no
// credential and no X-On-Behalf-Of (share links carry no headers).
import { fromBase64Url, toBase64Url } from '@/lib/request-import/share-link';
import { stripCredentials } from '@/lib/schema/credentials';
import type { GridDefinition, GridDefinitionInput } from '@/lib/schema/grid';

export const GRID_SHARE_PREFIX = '#grid=';

/** What a shared grid carries: no credentials in the base or a patch, and no users. */
export function toSharedDefinition(definition: GridDefinition): GridDefinitionInput {
  return {
    name: definition.name,
    base: stripCredentials(definition.base),
    variants: definition.variants.map((variant) => ({ label: variant.label, patch: stripCredentials(variant.patch) })),
    rows: definition.rows,
    checks: definition.checks,
  };
}

export function encodeGridShareHash(definition: GridDefinition): string {
  return `${GRID_SHARE_PREFIX}${toBase64Url(JSON.stringify(toSharedDefinition(definition)))}`;
}

/** The definition in a share hash (checked by the API when it is saved), or null when the hash is not one or is damaged. */
export function decodeGridShareHash(hash: string): GridDefinitionInput | null {
  if (!hash.startsWith(GRID_SHARE_PREFIX)) return null;
  try {
    const value: unknown = JSON.parse(fromBase64Url(hash.slice(GRID_SHARE_PREFIX.length)));
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as GridDefinitionInput) : null;
  } catch {
    return null;
  }
}

// A grid definition as the API accepts it: the schema (lib/schema/grid.ts), and no credential anywhere, since grids are stored.
import { findCredentials, REDACTED_CREDENTIAL } from '@/lib/schema/credentials';
import { ApiError, parseOrThrow } from '@/lib/schema/errors';
import { gridDefinitionSchema, type GridDefinition } from '@/lib/schema/grid';

/** The definition, labels filled in; 400 naming the field (`variants[1].patch.webhook_secret`) for a schema failure or a credential. */
export function parseGridDefinition(value: unknown): GridDefinition {
  const definition = parseOrThrow(gridDefinitionSchema, value);
  const bodies: [string, Record<string, unknown>][] = [['base', definition.base], ...definition.variants.map((variant, index): [string, Record<string, unknown>] => [`variants[${index}].patch`, variant.patch])];
  for (const [where, body] of bodies) {
    const found = findCredentials(body).find((credential) => credential.value !== REDACTED_CREDENTIAL && credential.value !== '');
    if (found) {
      throw new ApiError(400, `Grids are stored, and credentials are never stored: remove ${found.param} from ${where} (share links leave it out the same way).`, {
        param: `${where}.${found.param}`,
        code: 'credential_in_grid',
      });
    }
  }
  return definition;
}

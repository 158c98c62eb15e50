// What each cell sends: the base body with its variant's patch and its row's input or prompt variables, and why a cell cannot run.
import { listRedactedCredentials, parseCreateResponseBody, parseOnBehalfOf, REDACTED_CREDENTIAL } from '@/lib/schema';
import type { GridDefinition, GridRow, GridVariant } from '@/lib/schema/grid';
import { applyMergePatch } from './patch';

type Json = Record<string, unknown>;

export interface CellRequest {
  body: Json;
  onBehalfOf: string | null;
}

/** Why a body cannot be sent: the first problem, naming the field as the proxy would. */
export interface CellProblem {
  message: string;
  param: string | null;
}

const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);

/** base ⊕ variant.patch, without any row: what a variant's column has in common. */
export function buildVariantBody(grid: Pick<GridDefinition, 'base'>, variant: Pick<GridVariant, 'patch'>): Json {
  return applyMergePatch(grid.base, variant.patch);
}

/** The X-On-Behalf-Of a variant's cells send: its own when set (null: none), else the grid's. */
export function variantOnBehalfOf(grid: Pick<GridDefinition, 'on_behalf_of'>, variant: Pick<GridVariant, 'on_behalf_of'>): string | null {
  return (variant.on_behalf_of === undefined ? grid.on_behalf_of : variant.on_behalf_of) || null;
}

export function buildCellRequest(grid: GridDefinition, variant: GridVariant, row: GridRow): CellRequest {
  const body = buildVariantBody(grid, variant);
  if (row.input !== undefined) body.input = row.input;
  if (row.variables !== undefined) {
    const prompt = isObject(body.prompt) ? body.prompt : {};
    body.prompt = { ...prompt, variables: { ...(isObject(prompt.variables) ? prompt.variables : {}), ...row.variables } };
  }
  return { body, onBehalfOf: variantOnBehalfOf(grid, variant) };
}

/** The first reason the proxy would refuse this request (schema, a credential that reads <redacted>, the header), or null. */
export function findRequestProblem(request: CellRequest): CellProblem | null {
  const redacted = listRedactedCredentials(request.body);
  if (redacted.length > 0) {
    return { param: redacted[0]!, message: `'${redacted[0]}' reads ${REDACTED_CREDENTIAL}: credentials are never stored with a grid, so a grid cannot send one; remove it from the base or the variant.` };
  }
  const parsed = parseCreateResponseBody(request.body);
  if (!parsed.ok) return { message: parsed.error.error.message, param: parsed.error.error.param };
  const header = parseOnBehalfOf(request.onBehalfOf);
  if (!header.ok) return { message: header.error.error.message, param: 'X-On-Behalf-Of' };
  return null;
}

/** A row's variables with no prompt to fill: said at the row, before anything is sent. */
export function findRowProblem(grid: GridDefinition, variant: GridVariant, row: GridRow): CellProblem | null {
  if (row.variables !== undefined && !isObject(buildVariantBody(grid, variant).prompt)) {
    return { param: 'prompt', message: `The row ${JSON.stringify(row.label)} sets prompt variables, but the request has no prompt (set prompt.id in the base or the variant).` };
  }
  return null;
}

/** Why a variant's column cannot run (its merged body without any row's input), or null. */
export function findVariantProblem(grid: GridDefinition, variant: GridVariant): CellProblem | null {
  return findRequestProblem({ body: buildVariantBody(grid, variant), onBehalfOf: variantOnBehalfOf(grid, variant) });
}

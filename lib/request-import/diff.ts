// Field-by-field differences between two request bodies, shown before an import or a shared link replaces the form.
export interface FieldChange {
  path: string;
  kind: 'added' | 'removed' | 'changed';
  before: unknown;
  after: unknown;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Objects are compared key by key (paths like `text.format.type`); arrays and scalars as whole values. */
export function diffBodies(before: unknown, after: unknown, path = ''): FieldChange[] {
  if (isPlainObject(before) && isPlainObject(after)) {
    const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])];
    return keys.flatMap((key) => diffBodies(before[key], after[key], path ? `${path}.${key}` : key));
  }
  if (JSON.stringify(before) === JSON.stringify(after)) return [];
  if (before === undefined) return [{ path, kind: 'added', before, after }];
  if (after === undefined) return [{ path, kind: 'removed', before, after }];
  return [{ path, kind: 'changed', before, after }];
}

/** Adds the X-On-Behalf-Of header to a diff of bodies. */
export function diffDrafts(
  before: { body: Record<string, unknown>; onBehalfOf: string },
  after: { body: Record<string, unknown>; onBehalfOf: string },
): FieldChange[] {
  const changes = diffBodies(before.body, after.body);
  if (before.onBehalfOf !== after.onBehalfOf) {
    changes.push({
      path: 'X-On-Behalf-Of (header)',
      kind: before.onBehalfOf === '' ? 'added' : after.onBehalfOf === '' ? 'removed' : 'changed',
      before: before.onBehalfOf || undefined,
      after: after.onBehalfOf || undefined,
    });
  }
  return changes;
}

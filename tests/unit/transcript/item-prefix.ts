// Test helper: is a partly streamed value a prefix of its final value (strings grow, arrays fill, status moves)?
export function isPrefixOf(partial: unknown, final: unknown, key = ''): boolean {
  if (key === 'status') return true;
  if (key === 'type' || key === 'id' || key === 'call_id') return Object.is(partial, final);
  if (partial === null || partial === undefined) return true;
  if (typeof partial === 'string') return typeof final === 'string' && final.startsWith(partial);
  if (Array.isArray(partial)) {
    return Array.isArray(final) && partial.length <= final.length && partial.every((entry, at) => isPrefixOf(entry, final[at]));
  }
  if (typeof partial === 'object') {
    if (typeof final !== 'object' || final === null || Array.isArray(final)) return false;
    const target = final as Record<string, unknown>;
    return Object.entries(partial as Record<string, unknown>).every(([field, value]) => isPrefixOf(value, target[field], field));
  }
  return Object.is(partial, final);
}

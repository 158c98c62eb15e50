// The one `param` format of error envelopes: a field path written the way the gateway writes it.
const PLAIN_KEY = /^[A-Za-z_][A-Za-z0-9_-]*$/;

/** The one `param` format: ['tools', 2, 'parameters'] is `tools[2].parameters`, as the gateway writes it; odd keys are quoted so the path stays unambiguous. */
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

// Parses a pasted curl command into a request body and headers: -d/--data/--data-raw/--data-binary/--json, -H, -X, the URL, shell quoting.
export interface ParsedCurl {
  url: string | null;
  method: string | null;
  headers: Record<string, string>;
  body: Record<string, unknown> | null;
  /** What was not imported and why (credentials, unsupported flags, a body that is not JSON). */
  warnings: string[];
}

/** Splits like a POSIX shell: single quotes literal, double quotes with backslash escapes, backslash-newline continues. */
export function tokenizeShell(command: string): string[] {
  const tokens: string[] = [];
  let current = '';
  let hasToken = false;
  let at = 0;
  while (at < command.length) {
    const char = command[at] ?? '';
    if (char === '\\' && (command[at + 1] === '\n' || (command[at + 1] === '\r' && command[at + 2] === '\n'))) {
      at += command[at + 1] === '\r' ? 3 : 2;
    } else if (/\s/.test(char)) {
      if (hasToken) tokens.push(current);
      current = '';
      hasToken = false;
      at += 1;
    } else if (char === "'") {
      const end = command.indexOf("'", at + 1);
      const stop = end === -1 ? command.length : end;
      current += command.slice(at + 1, stop);
      hasToken = true;
      at = stop + 1;
    } else if (char === '$' && command[at + 1] === "'") {
      at += 2;
      while (at < command.length && command[at] !== "'") {
        if (command[at] === '\\' && at + 1 < command.length) {
          const next = command[at + 1] ?? '';
          current += ({ n: '\n', t: '\t', r: '\r', "'": "'", '\\': '\\', '"': '"' } as Record<string, string>)[next] ?? `\\${next}`;
          at += 2;
        } else {
          current += command[at];
          at += 1;
        }
      }
      hasToken = true;
      at += 1;
    } else if (char === '"') {
      at += 1;
      while (at < command.length && command[at] !== '"') {
        if (command[at] === '\\' && ['"', '\\', '$', '`', '\n'].includes(command[at + 1] ?? '')) {
          if (command[at + 1] !== '\n') current += command[at + 1];
          at += 2;
        } else {
          current += command[at];
          at += 1;
        }
      }
      hasToken = true;
      at += 1;
    } else if (char === '\\') {
      current += command[at + 1] ?? '';
      hasToken = true;
      at += 2;
    } else {
      current += char;
      hasToken = true;
      at += 1;
    }
  }
  if (hasToken) tokens.push(current);
  return tokens;
}

const DATA_FLAGS = new Set(['-d', '--data', '--data-raw', '--data-binary', '--data-ascii', '--json']);
const VALUE_FLAGS = new Set(['-u', '--user', '-o', '--output', '-A', '--user-agent', '-e', '--referer', '-m', '--max-time', '--connect-timeout', '-b', '--cookie', '-F', '--form']);

export function parseCurl(command: string): ParsedCurl {
  const tokens = tokenizeShell(command.trim());
  const result: ParsedCurl = { url: null, method: null, headers: {}, body: null, warnings: [] };
  if (tokens[0] !== 'curl') throw new Error('This does not start with curl.');
  const dataParts: string[] = [];
  for (let index = 1; index < tokens.length; index += 1) {
    const token = tokens[index] ?? '';
    const inline = /^(--[a-z-]+)=(.*)$/s.exec(token);
    const flag = inline ? (inline[1] ?? token) : token;
    const takeValue = (): string => (inline ? (inline[2] ?? '') : (tokens[(index += 1)] ?? ''));
    const shortAttached = /^-([dHX])(.+)$/s.exec(token);
    if (shortAttached) {
      const [, letter, value = ''] = shortAttached;
      if (letter === 'd') dataParts.push(value);
      else if (letter === 'H') addHeader(result, value);
      else result.method = value.toUpperCase();
    } else if (DATA_FLAGS.has(flag)) {
      const value = takeValue();
      if (value.startsWith('@') && flag !== '--data-raw') result.warnings.push(`${flag} ${value} reads a file; paste the JSON itself instead.`);
      else dataParts.push(value);
      if (flag === '--json') result.headers['Content-Type'] ??= 'application/json';
    } else if (flag === '-H' || flag === '--header') {
      addHeader(result, takeValue());
    } else if (flag === '-X' || flag === '--request') {
      result.method = takeValue().toUpperCase();
    } else if (flag === '--url') {
      result.url = takeValue();
    } else if (VALUE_FLAGS.has(flag)) {
      const value = takeValue();
      if (flag === '-u' || flag === '--user') result.warnings.push('Credentials given with -u are not imported.');
      else if (flag === '-F' || flag === '--form') result.warnings.push(`Form field ${value.split('=')[0]} is not imported (the API takes a JSON body).`);
    } else if (token.startsWith('-')) {
      continue;
    } else if (result.url === null) {
      result.url = token;
    }
  }
  if (dataParts.length) {
    const text = dataParts.join('&');
    try {
      const parsed: unknown = JSON.parse(text);
      if (typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)) result.body = parsed as Record<string, unknown>;
      else result.warnings.push('The data is JSON but not an object; a request body is an object.');
    } catch (error) {
      result.warnings.push(`The data is not valid JSON (${(error as Error).message}).`);
    }
  }
  return result;
}

function addHeader(result: ParsedCurl, raw: string): void {
  const colon = raw.indexOf(':');
  if (colon <= 0) return;
  const name = raw.slice(0, colon).trim();
  const value = raw.slice(colon + 1).trim();
  if (/^(authorization|x-gateway-api-key|api-key|x-api-key)$/i.test(name)) {
    result.warnings.push(`The ${name} header is not imported: keys stay in Settings or on the server.`);
    return;
  }
  result.headers[name] = value;
}

/** The X-On-Behalf-Of value of parsed headers, whatever its case. */
export function findOnBehalfOf(headers: Record<string, string>): string | null {
  const entry = Object.entries(headers).find(([name]) => name.toLowerCase() === 'x-on-behalf-of');
  return entry ? entry[1] : null;
}

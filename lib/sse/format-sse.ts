// Writing SSE records (the playground's own streams, such as a grid run's progress): a named event with one JSON data line.

/** `event: <name>` and the value as one `data:` line (JSON.stringify escapes line breaks, so a record never splits). */
export function formatSseRecord(event: string, data: unknown): string {
  return `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;
}

/** A comment line: readers skip it; it keeps idle connections (and the proxies between) open. */
export function formatSseComment(text: string): string {
  return `: ${text.replace(/[\r\n]+/g, ' ')}\n\n`;
}

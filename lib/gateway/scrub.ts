// Removes server secrets from text that came back from the gateway before it reaches a browser.
import 'server-only';

export const REDACTED = '[redacted]';

export function scrubSecrets(text: string, secrets: readonly string[]): string {
  let result = text;
  for (const secret of secrets) {
    if (secret && result.includes(secret)) result = result.split(secret).join(REDACTED);
  }
  return result;
}

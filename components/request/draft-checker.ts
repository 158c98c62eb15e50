// The draft checker: the request schema of lib/schema (zod) over a draft, each issue at its field with the API's message.
// It is the heaviest code of the playground's first screen, so draft-form.ts loads it with the first edit or send.
import { zodResolver } from '@hookform/resolvers/zod';
import type { FieldValues, Resolver } from 'react-hook-form';
import { z } from 'zod';
import { listCreateResponseBodyIssues, listRedactedCredentials, parseOnBehalfOf, REDACTED_CREDENTIAL } from '@/lib/schema';
import { parsePath, type JsonObject } from './body-path';
import { ON_BEHALF_OF_FIELD, ON_BEHALF_OF_PARAM, type BodyIssue } from './draft-form';
// Typing without React's dispatch comes with the checker: both are needed from the first edit on (the first focus in the
// playground loads them), and one chunk loaded later costs the page less than two.
import './quiet-typing';
import type { RequestDraft } from './request-draft';

/** The body's issues: the schema's, and each credential that still reads <redacted> (shown in the form and the JSON tab). */
export function listBodyIssues(body: JsonObject): BodyIssue[] {
  // A credential reopened from the history or a preset reads <redacted>: sent as is, the gateway would use that word.
  // Its issue says so, in place of what the schema says about the word (e.g. too short for webhook_secret).
  const redacted = listRedactedCredentials(body);
  const issues: BodyIssue[] = listCreateResponseBodyIssues(body).filter((issue) => !redacted.includes(issue.param));
  for (const param of redacted) {
    issues.push({ param, code: 'redacted_credential', message: `'${param}' reads ${REDACTED_CREDENTIAL}: credentials are never stored, so enter it again (or remove it) before sending.` });
  }
  return issues;
}

export function listDraftIssues(draft: RequestDraft): BodyIssue[] {
  const issues = listBodyIssues(draft.body);
  const header = parseOnBehalfOf(draft.onBehalfOf);
  if (!header.ok) issues.push({ param: ON_BEHALF_OF_PARAM, message: header.error.error.message, code: header.error.error.code ?? undefined });
  return issues;
}

function toFormPath(param: string): Array<string | number> {
  if (param === ON_BEHALF_OF_PARAM) return [ON_BEHALF_OF_FIELD];
  return ['body', ...parsePath(param)];
}

/**
 * The draft as the form checks it: any body and header, refined by the API's own issue list (lib/schema's request
 * schema, credentials still reading <redacted>, the header rule), so a field shows the message and path the proxy's 400
 * would name. `found` receives the whole list, in the API's order, for the issue summary.
 */
export function createDraftResolver(found: (issues: BodyIssue[]) => void): Resolver<FieldValues> {
  const schema = z.object({ body: z.record(z.string(), z.unknown()), onBehalfOf: z.string() }).superRefine((draft, context) => {
    const issues = listDraftIssues(draft);
    found(issues);
    for (const issue of issues) context.addIssue({ code: 'custom', path: toFormPath(issue.param), message: issue.message, params: { code: issue.code } });
  });
  // Typed for the form's loose values: the schema takes the store's draft, which has exactly the shape it checks.
  return zodResolver(schema) as unknown as Resolver<FieldValues>;
}

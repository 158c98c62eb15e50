// The draft's react-hook-form control: form values { body, onBehalfOf }, uncontrolled inputs registered by body path, and
// the resolver: zodResolver over the request schema of lib/schema, reporting each issue at its field with the API's message.
import { zodResolver } from '@hookform/resolvers/zod';
import { createFormControl, type FieldValues, type Resolver } from 'react-hook-form';
import { z } from 'zod';
import { listCreateResponseBodyIssues, listRedactedCredentials, parseOnBehalfOf, REDACTED_CREDENTIAL } from '@/lib/schema';
import { parsePath, type JsonObject } from './body-path';
import type { RequestDraft } from './request-draft';

export interface BodyIssue {
  param: string;
  message: string;
  code?: string;
}

/** The form field of the X-On-Behalf-Of header (beside `body`, which holds the request body). */
export const ON_BEHALF_OF_FIELD = 'onBehalfOf';
export const ON_BEHALF_OF_PARAM = 'X-On-Behalf-Of';

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

/** The react-hook-form name of a body path (`tools[2].name` → `body.tools[2].name`; '' → `body`). */
export function toFormName(path: string): string {
  return path === '' ? 'body' : `body.${path}`;
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
function draftFormSchema(found: (issues: BodyIssue[]) => void) {
  return z.object({ body: z.record(z.string(), z.unknown()), onBehalfOf: z.string() }).superRefine((draft, context) => {
    const issues = listDraftIssues(draft);
    found(issues);
    for (const issue of issues) context.addIssue({ code: 'custom', path: toFormPath(issue.param), message: issue.message, params: { code: issue.code } });
  });
}

export type DraftForm = ReturnType<typeof createFormControl<FieldValues>>;

/**
 * The control behind a draft. Validation runs when the store asks (`trigger`), never on each keystroke, and always on
 * the store's draft (`readDraft`): react-hook-form's own copy of the values can hold the empty parents it creates when an
 * input for an absent nested field registers, which the request never contains.
 */
export function createDraftForm(initial: RequestDraft, readDraft: () => RequestDraft, onIssues: (draft: RequestDraft, issues: BodyIssue[]) => void): DraftForm {
  let checking: RequestDraft = initial;
  // Typed for the form's loose values: the schema takes the store's draft, which has exactly the shape it checks.
  const resolve = zodResolver(draftFormSchema((issues) => onIssues(checking, issues))) as unknown as Resolver<FieldValues>;
  return createFormControl<FieldValues>({
    defaultValues: { body: initial.body, [ON_BEHALF_OF_FIELD]: initial.onBehalfOf },
    mode: 'onSubmit',
    reValidateMode: 'onSubmit',
    criteriaMode: 'all',
    resolver: (_values, context, options) => {
      checking = readDraft();
      return resolve({ body: checking.body, [ON_BEHALF_OF_FIELD]: checking.onBehalfOf }, context, options);
    },
  });
}

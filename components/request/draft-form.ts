// The draft's react-hook-form control: form values { body, onBehalfOf }, uncontrolled inputs registered by body path, and
// its resolver, which checks the draft with the draft checker (lib/schema's request schema), loaded with its first use.
import { createFormControl, type FieldValues, type Resolver } from 'react-hook-form';
import type { RequestDraft } from './request-draft';

export interface BodyIssue {
  param: string;
  message: string;
  code?: string;
}

/** The form field of the X-On-Behalf-Of header (beside `body`, which holds the request body). */
export const ON_BEHALF_OF_FIELD = 'onBehalfOf';
export const ON_BEHALF_OF_PARAM = 'X-On-Behalf-Of';

export type DraftChecker = typeof import('./draft-checker');

let checker: DraftChecker | null = null;
let loading: Promise<DraftChecker> | null = null;

/**
 * The draft checker (zod and the request schema, about a third of the playground's script) loads with the first edit or
 * send, or with a draft that is not the default one, not with the page; the first call starts the load.
 */
export function loadDraftChecker(): Promise<DraftChecker> {
  loading ??= import('./draft-checker').then(
    (module) => (checker = module),
    (error: unknown) => {
      loading = null;
      throw error;
    },
  );
  return loading;
}

/** The checker if it has loaded, else null. */
export function peekDraftChecker(): DraftChecker | null {
  return checker;
}

/** The react-hook-form name of a body path (`tools[2].name` → `body.tools[2].name`; '' → `body`). */
export function toFormName(path: string): string {
  return path === '' ? 'body' : `body.${path}`;
}

export type DraftForm = ReturnType<typeof createFormControl<FieldValues>>;

/**
 * The control behind a draft. Validation runs when the store asks (`trigger`), never on each keystroke, and always on
 * the store's draft (`readDraft`): react-hook-form's own copy of the values can hold the empty parents it creates when an
 * input for an absent nested field registers, which the request never contains.
 */
export function createDraftForm(initial: RequestDraft, readDraft: () => RequestDraft, onIssues: (draft: RequestDraft, issues: BodyIssue[]) => void): DraftForm {
  let checking: RequestDraft = initial;
  let resolve: Resolver<FieldValues> | null = null;
  return createFormControl<FieldValues>({
    defaultValues: { body: initial.body, [ON_BEHALF_OF_FIELD]: initial.onBehalfOf },
    mode: 'onSubmit',
    reValidateMode: 'onSubmit',
    criteriaMode: 'all',
    resolver: async (_values, context, options) => {
      resolve ??= (await loadDraftChecker()).createDraftResolver((issues) => onIssues(checking, issues));
      checking = readDraft();
      return resolve({ body: checking.body, [ON_BEHALF_OF_FIELD]: checking.onBehalfOf }, context, options);
    },
  });
}

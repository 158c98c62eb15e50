'use client';
// Every schema problem of the draft in one list; each entry jumps to the control of its field.
import type { BodyIssue } from './draft-context';

function focusField(param: string) {
  let path = param;
  while (path) {
    const shell = document.querySelector(`[data-field-path="${CSS.escape(path)}"]`);
    const control = shell?.querySelector<HTMLElement>('input, select, textarea');
    if (control) {
      control.closest('details')?.setAttribute('open', '');
      control.focus();
      return;
    }
    const cut = Math.max(path.lastIndexOf('.'), path.lastIndexOf('['));
    path = cut > 0 ? path.slice(0, cut) : '';
  }
}

export function IssueSummary({ issues }: { issues: readonly BodyIssue[] }) {
  if (!issues.length) return <p className="text-xs text-success" data-testid="issue-summary">The body passes the schema.</p>;
  return (
    <div className="rounded-md border border-danger/40 bg-danger-soft p-2 text-xs text-danger" data-testid="issue-summary" role="alert">
      <p className="font-semibold">{issues.length} problem{issues.length === 1 ? '' : 's'} block sending:</p>
      <ul>
        {issues.map((issue) => (
          <li key={`${issue.param}:${issue.message}`}>
            <button type="button" className="text-left underline" onClick={() => focusField(issue.param)}>
              <span className="font-mono">{issue.param || 'body'}</span>: {issue.message}
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}

// Field-by-field changes between two requests as a table (an import's preview, a compare grid's request diff of two variants).
import type { FieldChange } from '@/lib/request-import/diff';

function show(value: unknown): string {
  return value === undefined ? '—' : JSON.stringify(value);
}

const KIND_STYLES: Record<FieldChange['kind'], string> = {
  added: 'text-success',
  removed: 'text-danger',
  changed: 'text-caution',
};

export function FieldChangeTable({ changes, before, after, rowTestId }: { changes: readonly FieldChange[]; before: string; after: string; rowTestId: string }) {
  return (
    <table className="my-2 w-full table-fixed border-collapse font-mono text-xs">
      <thead>
        <tr className="text-left">
          <th className="w-1/4">field</th>
          <th className="w-16">change</th>
          <th>{before}</th>
          <th>{after}</th>
        </tr>
      </thead>
      <tbody>
        {changes.map((change) => (
          <tr key={change.path} className={`border-t border-line align-top ${KIND_STYLES[change.kind]}`} data-testid={rowTestId}>
            <td className="break-all">{change.path}</td>
            <td>{change.kind}</td>
            <td className="break-all">{show(change.before).slice(0, 300)}</td>
            <td className="break-all">{show(change.after).slice(0, 300)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

// Hosted search tools: web search (action, queries, sources) and file search (queries, results).
import type { OutputItem } from '@/lib/transcript/types';
import { asArray, Field, ItemFrame, text } from './item-frame';
import { SafeLink } from './safe-link';

export function WebSearchView({ item }: { item: OutputItem }) {
  const action = typeof item.action === 'object' && item.action !== null ? (item.action as Record<string, unknown>) : {};
  const queries = Array.isArray(action.queries) ? action.queries.map(text) : action.query ? [text(action.query)] : [];
  const sources = asArray(action.sources);
  return (
    <ItemFrame item={item} title="Web search">
      <Field label="Action">{text(action.type) || 'search'}</Field>
      {queries.length > 0 ? <Field label="Queries">{queries.join(' · ')}</Field> : null}
      {typeof action.url === 'string' ? (
        <Field label="Page">
          <SafeLink href={action.url}>{action.url}</SafeLink>
          {action.pattern ? ` (find “${text(action.pattern)}”)` : null}
        </Field>
      ) : null}
      {sources.length > 0 ? (
        <ul aria-label="Sources" className="mt-1 list-disc pl-5 text-xs">
          {sources.map((source, at) => (
            <li key={at}>{typeof source.url === 'string' ? <SafeLink href={source.url}>{source.url}</SafeLink> : text(source)}</li>
          ))}
        </ul>
      ) : null}
    </ItemFrame>
  );
}

export function FileSearchView({ item }: { item: OutputItem }) {
  const queries = Array.isArray(item.queries) ? item.queries.map(text) : [];
  const results = asArray(item.results);
  return (
    <ItemFrame item={item} title="File search">
      {queries.length > 0 ? <Field label="Queries">{queries.join(' · ')}</Field> : null}
      {item.results === null ? <p className="text-xs text-fg-muted">Results not included (add include: file_search_call.results).</p> : null}
      <ol className="mt-1 space-y-1 text-xs">
        {results.map((result, at) => (
          <li key={at} className="rounded bg-sunken p-2">
            <div className="font-medium">
              {text(result.filename) || text(result.file_id)}
              {typeof result.score === 'number' ? <span className="ml-2 text-fg-muted">score {result.score.toFixed(3)}</span> : null}
            </div>
            <p className="whitespace-pre-wrap">{text(result.text)}</p>
          </li>
        ))}
      </ol>
    </ItemFrame>
  );
}

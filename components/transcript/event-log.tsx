'use client';
// Raw event log: every event with sequence number, type and arrival time; filter, expand, copy; virtualized. A `[DONE]`
// sentinel is shown as the end of the stream, and a stream without sequence numbers says so once instead of a dash per row.
import { useVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { buildEventsNdjson, redactEventCredentials } from '@/lib/transcript/export';
import type { LoggedEvent } from '@/lib/transcript/run-types';
import { isEndOfStream, NO_SEQUENCE_NUMBERS, readNumbering } from '@/lib/transcript/sequencing';
import { CopyButton } from '@/components/ui/copy-button';

const ROW_HEIGHT_PX = 28;

export function EventLog({ events, eventCount }: { events: readonly LoggedEvent[]; eventCount: number }) {
  const [typeFilter, setTypeFilter] = useState('');
  const [expanded, setExpanded] = useState<ReadonlySet<number>>(new Set());
  const [follow, setFollow] = useState(true);
  const scroller = useRef<HTMLDivElement>(null);
  const filterId = useId();

  const { logged, end, isUnnumbered } = useMemo(() => {
    const shown = events.slice(0, eventCount);
    return { logged: shown.filter((event) => !isEndOfStream(event)), end: shown.find(isEndOfStream), isUnnumbered: readNumbering(shown).kind === 'unnumbered' };
  }, [events, eventCount]);

  const typeCounts = useMemo(() => {
    const counts = new Map<string, number>();
    for (const event of logged) counts.set(event.type, (counts.get(event.type) ?? 0) + 1);
    return [...counts.entries()].sort(([a], [b]) => a.localeCompare(b));
  }, [logged]);

  const visible = useMemo(() => (typeFilter ? logged.filter((event) => event.type === typeFilter) : logged), [logged, typeFilter]);

  // eslint-disable-next-line react-hooks/incompatible-library -- read during render only; nothing memoizes it
  const virtualizer = useVirtualizer({
    count: visible.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => ROW_HEIGHT_PX,
    overscan: 12,
  });

  useEffect(() => {
    if (follow && visible.length > 0) virtualizer.scrollToIndex(visible.length - 1, { align: 'end' });
  }, [follow, visible.length, virtualizer]);

  const toggle = (index: number) =>
    setExpanded((current) => {
      const next = new Set(current);
      if (next.has(index)) next.delete(index);
      else next.add(index);
      return next;
    });

  return (
    <section data-testid="event-log" aria-label="Raw event log" className="flex h-full min-h-96 flex-col rounded-md border border-line bg-surface text-xs">
      <div className="flex flex-wrap items-center gap-2 border-b border-line p-2">
        <h2 className="text-sm font-semibold">Events</h2>
        <span data-testid="event-count">{logged.length}</span>
        {isUnnumbered ? (
          <span data-testid="event-log-numbering" className="text-fg-muted">
            {NO_SEQUENCE_NUMBERS}
          </span>
        ) : null}
        <label htmlFor={filterId} className="ml-auto">
          Type
        </label>
        <select id={filterId} data-testid="event-filter" value={typeFilter} onChange={(event) => setTypeFilter(event.target.value)} className="max-w-48 rounded border border-line-strong bg-surface p-0.5 text-fg">
          <option value="">All types</option>
          {typeCounts.map(([type, count]) => (
            <option key={type} value={type}>
              {type} ({count})
            </option>
          ))}
        </select>
        <label className="flex items-center gap-1">
          <input type="checkbox" checked={follow} onChange={(event) => setFollow(event.target.checked)} />
          Follow
        </label>
        <CopyButton testId="copy-events-ndjson" label="Copy shown events as NDJSON" text={() => buildEventsNdjson(visible)} />
      </div>
      <div ref={scroller} className="min-h-0 flex-1 overflow-auto" style={{ maxHeight: '70vh' }}>
        <ol style={{ height: virtualizer.getTotalSize(), position: 'relative' }} aria-label="Events in arrival order">
          {virtualizer.getVirtualItems().map((row) => {
            const event = visible[row.index];
            if (!event) return null;
            const isOpen = expanded.has(event.index);
            return (
              <li key={event.index} ref={virtualizer.measureElement} data-index={row.index} data-testid="event-row" className="absolute inset-x-0 border-b border-line" style={{ transform: `translateY(${row.start}px)` }}>
                <button type="button" aria-expanded={isOpen} onClick={() => toggle(event.index)} className="flex w-full items-center gap-2 px-2 py-1 text-left font-mono hover:bg-sunken">
                  {isUnnumbered ? null : (
                    <span data-testid="event-sequence" className="w-12 shrink-0 text-right text-fg-muted">
                      {event.sequenceNumber ?? '–'}
                    </span>
                  )}
                  <span data-testid="event-type" className={`min-w-0 flex-1 truncate ${event.parseError ? 'text-danger' : ''}`}>
                    {event.type}
                  </span>
                  <span className="shrink-0 text-fg-muted">{Math.round(event.atMs)} ms</span>
                </button>
                {isOpen ? (
                  <div className="px-2 pb-2">
                    {event.parseError ? <p className="text-danger">Not JSON: {event.parseError}</p> : null}
                    <pre tabIndex={0} className="max-h-64 overflow-auto rounded bg-sunken p-2 whitespace-pre-wrap break-all">{pretty(redactEventCredentials(event.data))}</pre>
                    <CopyButton label={`Copy event ${event.sequenceNumber ?? event.index}`} text={redactEventCredentials(event.data)} />
                  </div>
                ) : null}
              </li>
            );
          })}
        </ol>
      </div>
      {end ? (
        <p data-testid="event-log-end" className="border-t border-line px-2 py-1 text-fg-muted">
          End of stream: the gateway sent <code className="font-mono">[DONE]</code> at {Math.round(end.atMs)} ms.
        </p>
      ) : null}
    </section>
  );
}

function pretty(data: string): string {
  try {
    return JSON.stringify(JSON.parse(data), null, 2);
  } catch {
    return data;
  }
}

'use client';
// The raw event log of a chosen turn (the latest by default), and re-attaching to a background response by id; loaded with the Events tab.
import { useState } from 'react';
import { Select } from '@/components/ui/input';
import { EventLog } from './event-log';
import { ResumeByIdForm } from './resume-by-id-form';
import type { ResponseRun } from './use-run';

/** The raw events of one turn (the latest by default), and (`canResume`) re-attaching to a background response by id. */
export function EventsPanel({ run, canResume = true }: { run: ResponseRun; canResume?: boolean }) {
  const [selected, setSelected] = useState<number | null>(null);
  const { turns } = run;
  const logTurn = turns[selected ?? turns.length - 1] ?? turns.at(-1);
  return (
    <div className="flex min-w-0 flex-col gap-3" data-testid="events-panel">
      {turns.length > 1 ? (
        <label className="flex items-center gap-2 text-sm">
          Events of
          <Select data-testid="event-log-turn" className="w-auto" value={selected ?? turns.length - 1} onChange={(event) => setSelected(Number(event.target.value))}>
            {turns.map((turn, at) => (
              <option key={turn.key} value={at}>
                Turn {at + 1}
              </option>
            ))}
          </Select>
        </label>
      ) : null}
      {logTurn ? <EventLog key={logTurn.key} events={logTurn.events} eventCount={logTurn.eventCount} /> : <p className="text-sm text-fg-muted">No events yet: send a request.</p>}
      {canResume ? <ResumeByIdForm run={run} /> : null}
    </div>
  );
}

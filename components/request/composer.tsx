'use client';
// The composer pinned under the conversation: input (text), model, the settings people change most, Send and Stop.
// Ctrl/Cmd+Enter in its text box sends; once a thread is open, sending continues it.
import { memo, useId, type RefObject } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { Switch } from '@/components/ui/checkbox';
import { cx } from '@/components/ui/cx';
import { Select, TextArea } from '@/components/ui/input';
import { REASONING_EFFORTS } from '@/lib/schema/constants';
import { useDraftStore, useFieldSelector, useFieldValue, useIssues, useRegisteredField } from './draft-context';
import { ModelDescription, ModelPicker } from './model-picker';
import { TEXT_FRAME_CLASS, textBoundaryClass } from './text-boundary';

export interface ComposerProps {
  onSend: () => void;
  onStop: () => void;
  isRunning: boolean;
  /** Opens the settings panel at a section (tools, input items). */
  onOpenSettings: (section: string) => void;
  notice: string | null;
  inputRef: RefObject<HTMLTextAreaElement | null>;
  /** What sending does now, e.g. "continues resp_…" (shown beside Send). */
  sendHint: string;
}

/** The input as the composer shows it: text it can edit, or a count of items it cannot. */
function describeInput(input: unknown): string {
  if (typeof input === 'string' || input === undefined) return 'text';
  return Array.isArray(input) ? `${input.length} item${input.length === 1 ? '' : 's'}` : 'not text';
}

/** Memoized: the playground re-renders every frame while a turn streams; this part's props do not change then. */
export const Composer = memo(function Composer({ onSend, onStop, isRunning, onOpenSettings, notice, inputRef, sendHint }: ComposerProps) {
  const id = useId();
  const input = useFieldSelector('input', describeInput);
  const issues = useIssues();
  const blocked = issues.length > 0;
  return (
    <div data-testid="composer" className="flex min-w-0 flex-col gap-1.5 rounded-lg border border-line bg-surface p-2 shadow-sm">
      <label htmlFor={`${id}-input`} className="font-mono text-xs font-semibold text-fg-muted">
        input
      </label>
      {input === 'text' ? (
        <InputText id={`${id}-input`} inputRef={inputRef} />
      ) : (
        <p id={`${id}-input`} className="rounded-md border border-dashed border-line p-2 text-sm text-fg-muted" data-testid="composer-items">
          The input is {input}.{' '}
          <button type="button" className="text-link underline" onClick={() => onOpenSettings('section-model-input')}>
            Edit the input items
          </button>
        </p>
      )}
      {/* A paint group (isolate): a keystroke in the input does not repaint the controls (text-boundary.ts). */}
      <div className="isolate flex min-w-0 flex-wrap items-center gap-x-3 gap-y-1.5">
        <div className="flex min-w-0 flex-1 items-center gap-1.5 sm:flex-none">
          <span id={`${id}-model`} className="font-mono text-xs font-semibold text-fg-muted">
            model
          </span>
          <ModelPicker labelId={`${id}-model`} descriptionId={`${id}-model-description`} />
        </div>
        <QuickSettings onOpenSettings={onOpenSettings} />
        <div className="ml-auto flex items-center gap-2">
          <span className="hidden text-xs text-fg-muted lg:inline" data-testid="send-hint">
            {sendHint}
          </span>
          {isRunning ? (
            <Button variant="secondary" data-testid="stop-request" onClick={onStop} title="Stop (Esc)">
              Stop
            </Button>
          ) : null}
          <Button variant="primary" data-testid="send-request" aria-disabled={blocked} aria-describedby={blocked ? `${id}-blocked` : undefined} onClick={onSend} title="Send (Ctrl+Enter)">
            Send
          </Button>
        </div>
      </div>
      <ModelDescription id={`${id}-model-description`} />
      {blocked ? (
        <p id={`${id}-blocked`} className="text-xs text-danger" data-testid="composer-blocked">
          {issues.length} problem{issues.length === 1 ? '' : 's'} block{issues.length === 1 ? 's' : ''} sending:{' '}
          <button type="button" className="underline" onClick={() => onOpenSettings('issues')}>
            show {issues.length === 1 ? 'it' : 'them'}
          </button>
        </p>
      ) : null}
      {notice ? (
        <p role="status" className="text-xs text-danger" data-testid="send-notice">
          {notice}
        </p>
      ) : null}
    </div>
  );
});

const keepText = (text: string) => text;
const isEmptyText = (value: unknown) => value === undefined || value === '';

/**
 * The input text: uncontrolled, registered with the draft's form (a keystroke renders nothing); Ctrl/Cmd+Enter sends (the
 * playground's shortcut, on the window: the key reaches it from here).
 * Its own relayout boundary (in a block wrapper: a flex item cannot be one). The placeholder is there only while the input
 * is empty: with one, the browser restyles its hidden placeholder on every keystroke (two style recalculations a key in
 * the trace); without, none, and this renders only when the input turns empty or not.
 */
function InputText({ id, inputRef }: { id: string; inputRef: RefObject<HTMLTextAreaElement | null> }) {
  const registered: UseFormRegisterReturn = useRegisteredField('input', keepText);
  const isEmpty = useFieldSelector('input', isEmptyText);
  return (
    <div className={TEXT_FRAME_CLASS}>
      <TextArea
        {...registered}
        ref={(element) => {
          registered.ref(element);
          inputRef.current = element;
        }}
        id={id}
        rows={2}
        placeholder={isEmpty ? 'Ask something; Ctrl+Enter sends' : undefined}
        data-testid="field-input"
        className={cx(textBoundaryClass(2), 'max-h-[35vh] min-h-12')}
      />
    </div>
  );
}

const countOf = (value: unknown) => (Array.isArray(value) ? value.length : 0);

function QuickSettings({ onOpenSettings }: { onOpenSettings: (section: string) => void }) {
  const store = useDraftStore();
  const stream = useFieldValue('stream');
  const effort = useFieldValue('reasoning.effort');
  const model = useFieldValue('model');
  const toolCount = useFieldSelector('tools', countOf);
  const isReasoner = typeof model === 'string' && /reason|^o\d|gpt-5/i.test(model);
  return (
    <div className="hidden min-w-0 flex-wrap items-center gap-x-3 gap-y-1 text-sm sm:flex">
      <Switch label="Stream" title="stream" checked={stream !== false} onChange={(event) => store.setField('stream', event.target.checked)} data-testid="quick-stream" />
      {isReasoner || effort !== undefined ? (
        <label className="flex items-center gap-1 text-sm" title="reasoning.effort">
          <span>Effort</span>
          <Select
            value={typeof effort === 'string' ? effort : ''}
            className="min-h-7 w-auto py-0.5"
            data-testid="quick-reasoning-effort"
            onChange={(event) => store.setField('reasoning.effort', event.target.value === '' ? undefined : event.target.value)}
          >
            <option value="">(default)</option>
            {REASONING_EFFORTS.map((option) => (
              <option key={option} value={option}>
                {option}
              </option>
            ))}
          </Select>
        </label>
      ) : null}
      <button type="button" className="text-sm text-link underline" data-testid="quick-tools" onClick={() => onOpenSettings('section-tools')}>
        {toolCount === 0 ? 'Add tools' : `${toolCount} tool${toolCount === 1 ? '' : 's'}`}
      </button>
    </div>
  );
}

'use client';
// Form controls bound to a body path: the design system's Field (label in words beside the API field, hint, the schema's
// messages for that path) around its controls; each subscribes to its own value and issues only.
import { useState, type ReactNode } from 'react';
import { cx } from '@/components/ui/cx';
import { Field } from '@/components/ui/field';
import { Select, TextArea, TextInput } from '@/components/ui/input';
import { useDraftStore, useFieldIssues, useFieldSelector, useFieldValue, useRegisteredField, type BodyIssue } from './draft-context';
import { matchesFieldSearch, useFieldSearch } from './field-search';
import { parseNumberInput } from './request-draft';
import { SecretFrame, useSecretReveal } from './secret-reveal';
import { TEXT_FRAME_CLASS, textBoundaryClass } from './text-boundary';

export function toTestId(path: string): string {
  return `field-${path.replace(/\[(\d+)\]/g, '-$1').replace(/[._]/g, '-').toLowerCase()}`;
}

/** One entry of the form: hidden while the field search has a query it does not match; found by the issue list through data-field-path. */
export function FieldSlot({ path, label, keywords, className, children }: { path: string; label?: string; keywords?: string; className?: string; children: ReactNode }) {
  const query = useFieldSearch();
  const isMatch = matchesFieldSearch(query, path, [label, keywords].filter(Boolean).join(' '));
  return (
    <div className={cx('min-w-0', className)} data-field-path={path} data-field-match={query && isMatch ? '' : undefined} hidden={!isMatch}>
      {children}
    </div>
  );
}

/** A field's issues as its error line: its own message, or each inner field's with its path. */
export function describeIssues(issues: readonly BodyIssue[], path: string): ReactNode {
  if (!issues.length) return undefined;
  if (issues.length === 1 && issues[0]!.param === path) return issues[0]!.message;
  return (
    <span className="flex flex-col">
      {issues.map((issue) => (
        <span key={`${issue.param}:${issue.message}`}>{issue.param === path ? issue.message : `${issue.param}: ${issue.message}`}</span>
      ))}
    </span>
  );
}

export interface BodyFieldProps {
  path: string;
  /** What the field is, in words; the API path is shown beside it. Without it the path is the label. */
  label?: string;
  help: ReactNode;
  isDeprecated?: boolean;
  className?: string;
  /** Extra words the field search finds this field by. */
  keywords?: string;
  /** An error found by the control itself, shown with the schema's. */
  localError?: string | null;
  children: ReactNode;
}

/** The labelled frame of a body field (label, hint, the schema's issues for the path and inside it). */
export function BodyField({ path, label, help, isDeprecated = false, className, keywords, localError, children }: BodyFieldProps) {
  const issues = useFieldIssues(path);
  const shown = localError ? issues.filter((issue) => issue.message !== localError) : issues;
  const error = localError ?? describeIssues(shown, path);
  const title = (
    <>
      {label ?? <span className="font-mono">{path}</span>}
      {isDeprecated ? <span className="ml-2 rounded bg-warning-soft px-1 text-xs text-warning">deprecated</span> : null}
    </>
  );
  return (
    <FieldSlot path={path} label={label} keywords={keywords} className={className}>
      <Field label={title} apiName={label ? path : undefined} hint={help} error={error} errorTestId={`${toTestId(path)}-error`}>
        {children}
      </Field>
    </FieldSlot>
  );
}

function textOf(raw: unknown): string {
  return typeof raw === 'string' ? raw : raw === undefined ? '' : JSON.stringify(raw);
}

const toTextValue = (text: string) => (text === '' ? undefined : text);
const isTextValue = (raw: unknown) => raw === undefined || typeof raw === 'string';

/**
 * `isSecret`: masked on screen, with a Show button beside it. The input is uncontrolled, registered with the draft's
 * form: typing renders nothing. A value that is not text (a number or object put there in the JSON) is shown as its JSON
 * in a controlled input instead, and typing over it sets text.
 */
export function TextField({ path, label, help, placeholder, isMultiline = false, isDeprecated, type = 'text', isMono = false, isSecret = false, className }: {
  path: string;
  label?: string;
  help: ReactNode;
  placeholder?: string;
  isMultiline?: boolean;
  isDeprecated?: boolean;
  type?: 'text' | 'url' | 'password';
  isMono?: boolean;
  isSecret?: boolean;
  className?: string;
}) {
  const isText = useFieldSelector(path, isTextValue);
  const [isRevealed, toggleReveal] = useSecretReveal();
  const control = isText ? <RegisteredText path={path} isMultiline={isMultiline} type={isSecret ? (isRevealed ? 'text' : 'password') : type} isSecret={isSecret} placeholder={placeholder} isMono={isMono || isSecret} /> : <OtherValueText path={path} />;
  return (
    <BodyField path={path} label={label} help={help} isDeprecated={isDeprecated} className={className}>
      {isSecret ? (
        <SecretFrame path={path} isRevealed={isRevealed} onToggle={toggleReveal}>
          {control}
        </SecretFrame>
      ) : (
        control
      )}
    </BodyField>
  );
}

function RegisteredText({ path, isMultiline, type, isSecret, placeholder, isMono }: { path: string; isMultiline: boolean; type: string; isSecret: boolean; placeholder?: string; isMono: boolean }) {
  const registered = useRegisteredField(path, toTextValue);
  return (
    <div className={TEXT_FRAME_CLASS}>
      {isMultiline ? (
        <TextArea {...registered} placeholder={placeholder} isMono={isMono} className={textBoundaryClass(3)} data-testid={toTestId(path)} />
      ) : (
        <TextInput {...registered} type={type} autoComplete={isSecret ? 'off' : undefined} spellCheck={isSecret ? false : undefined} placeholder={placeholder} isMono={isMono} className={textBoundaryClass(1)} data-testid={toTestId(path)} />
      )}
    </div>
  );
}

function OtherValueText({ path }: { path: string }) {
  const store = useDraftStore();
  const value = textOf(useFieldValue(path));
  return <TextInput value={value} isMono data-testid={toTestId(path)} onChange={(event) => store.setField(path, toTextValue(event.target.value))} />;
}

/** Keeps what the user is typing ("0.", "-") locally and writes the parsed number; a non-number is written as text so the schema flags it. */
export function NumberField({ path, label, help, min, max, className }: {
  path: string;
  label?: string;
  help: ReactNode;
  min?: number;
  max?: number;
  className?: string;
}) {
  const store = useDraftStore();
  const raw = useFieldValue(path);
  const external = raw === undefined ? '' : String(raw);
  const [typed, setTyped] = useState(external);
  const text = parseNumberInput(typed) === raw ? typed : external;
  return (
    <BodyField path={path} label={label} help={help} className={className}>
      <TextInput
        inputMode="decimal"
        value={text}
        data-testid={toTestId(path)}
        placeholder={min !== undefined && max !== undefined ? `${min} to ${max}` : undefined}
        onChange={(event) => {
          setTyped(event.target.value);
          store.setField(path, parseNumberInput(event.target.value));
        }}
      />
    </BodyField>
  );
}

export interface ChoiceOption {
  value: string;
  /** Shown instead of the value, e.g. "always: ask before every call". */
  label?: string;
}

export function SelectField({ path, label, help, options, className }: {
  path: string;
  label?: string;
  help: ReactNode;
  options: readonly (string | ChoiceOption)[];
  className?: string;
}) {
  const store = useDraftStore();
  const raw = useFieldValue(path);
  const value = raw === undefined ? '' : raw === null ? 'null' : String(raw);
  const choices = options.map((option) => (typeof option === 'string' ? { value: option } : option));
  const isUnknown = value !== '' && value !== 'null' && !choices.some((choice) => choice.value === value);
  return (
    <BodyField path={path} label={label} help={help} className={className}>
      <Select value={value} data-testid={toTestId(path)} onChange={(event) => store.setField(path, event.target.value === '' ? undefined : event.target.value)}>
        <option value="">(not set)</option>
        {choices.map((choice) => (
          <option key={choice.value} value={choice.value}>
            {choice.label ?? choice.value}
          </option>
        ))}
        {isUnknown ? <option value={value}>{value} (not a known value)</option> : null}
      </Select>
    </BodyField>
  );
}

/** A boolean that can also be left unset, so only what the user chose is sent. */
export function BooleanField({ path, label, help, className }: { path: string; label?: string; help: ReactNode; className?: string }) {
  const store = useDraftStore();
  const raw = useFieldValue(path);
  const value = raw === true ? 'true' : raw === false ? 'false' : raw === undefined ? '' : 'other';
  return (
    <BodyField path={path} label={label} help={help} className={className}>
      <Select value={value} data-testid={toTestId(path)} onChange={(event) => store.setField(path, event.target.value === '' ? undefined : event.target.value === 'true')}>
        <option value="">(not set)</option>
        <option value="true">true</option>
        <option value="false">false</option>
        {value === 'other' ? <option value="other">{JSON.stringify(raw)} (not a boolean)</option> : null}
      </Select>
    </BodyField>
  );
}

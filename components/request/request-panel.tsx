'use client';
// The side panel beside the conversation: every request field (with search over field names), the JSON and headers, code
// export, import, history, presets, the share link and the raw events.
import { memo, useState, type ReactNode } from 'react';
import { Tabs } from '@/components/ui/tabs';
import { TextInput } from '@/components/ui/input';
import { FieldSearchProvider } from './field-search';
import { preloadLaterSections } from './later-sections';
import { RequestForm } from './request-form';

export const PANEL_TABS = ['settings', 'json', 'code', 'import', 'history', 'presets', 'share', 'events'] as const;
export type PanelTab = (typeof PANEL_TABS)[number];

const LABELS: Record<PanelTab, string> = {
  settings: 'Settings',
  json: 'JSON',
  code: 'Code',
  import: 'Import',
  history: 'History',
  presets: 'Presets',
  share: 'Share',
  events: 'Events',
};

/** Memoized: the playground re-renders every frame while a turn streams; this part's props do not change then. */
export const RequestPanel = memo(function RequestPanel({ tab, onTabChange, panels, issues }: {
  tab: PanelTab;
  onTabChange: (tab: PanelTab) => void;
  panels: Record<Exclude<PanelTab, 'settings'>, () => ReactNode>;
  /** The issue list, shown above the fields. */
  issues: ReactNode;
}) {
  return (
    <Tabs
      label="Request tools"
      value={tab}
      onValueChange={(id) => onTabChange(id as PanelTab)}
      testId="request-panel-tabs"
      tabs={PANEL_TABS.map((id) => ({
        id,
        label: LABELS[id],
        testId: `tab-${id}`,
        // Settings stays mounted (open sections, the search); the other tabs render only while chosen.
        content: id === 'settings' ? <SettingsTab issues={issues} /> : tab === id ? panels[id]() : null,
      }))}
    />
  );
});

function SettingsTab({ issues }: { issues: ReactNode }) {
  const [query, setQuery] = useState('');
  return (
    <div className="flex min-w-0 flex-col gap-3">
      <div className="flex min-w-0 flex-col gap-1">
        <label htmlFor="field-search" className="text-sm font-medium text-fg">
          Find a field
        </label>
        <TextInput
          id="field-search"
          type="search"
          value={query}
          placeholder="temperature, tool_choice, webhook…"
          data-testid="field-search"
          onFocus={preloadLaterSections}
          onChange={(event) => setQuery(event.target.value)}
          onKeyDown={(event) => {
            if (event.key !== 'Enter') return;
            event.preventDefault();
            document.querySelector<HTMLElement>('[data-testid="request-form"] [data-field-match] :is(input, select, textarea)')?.focus();
          }}
        />
        <p className="text-xs text-fg-muted">
          Shows only the fields whose name matches; Enter goes to the first. Press <kbd>/</kbd> anywhere to come here.
        </p>
      </div>
      {issues}
      <FieldSearchProvider query={query}>
        <RequestForm />
      </FieldSearchProvider>
    </div>
  );
}

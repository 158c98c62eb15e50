'use client';
// Tabs beside the form: the JSON body, code export, import, history, presets and the share link.
import { useState, type ReactNode } from 'react';

export const SIDE_TABS = ['json', 'code', 'import', 'history', 'presets', 'share'] as const;
export type SideTab = (typeof SIDE_TABS)[number];

const LABELS: Record<SideTab, string> = { json: 'JSON', code: 'Code', import: 'Import', history: 'History', presets: 'Presets', share: 'Share' };

export function SidePanel({ panels }: { panels: Record<SideTab, () => ReactNode> }) {
  const [tab, setTab] = useState<SideTab>('json');
  return (
    <div className="flex flex-col gap-2">
      <div role="tablist" aria-label="Request tools" className="flex flex-wrap gap-1 border-b border-zinc-200 dark:border-zinc-800">
        {SIDE_TABS.map((entry) => (
          <button
            key={entry}
            type="button"
            role="tab"
            id={`side-tab-${entry}`}
            aria-selected={tab === entry}
            aria-controls={`side-panel-${entry}`}
            data-testid={`tab-${entry}`}
            className={`px-3 py-1 text-sm ${tab === entry ? 'border-b-2 border-blue-700 font-semibold' : 'text-zinc-600 dark:text-zinc-400'}`}
            onClick={() => setTab(entry)}
          >
            {LABELS[entry]}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`side-panel-${tab}`} aria-labelledby={`side-tab-${tab}`}>
        {panels[tab]()}
      </div>
    </div>
  );
}

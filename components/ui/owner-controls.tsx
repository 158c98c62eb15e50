'use client';
// Per-user lists: a Mine / Team switch for a list, and a Share with team switch for one item (presentational; the feature fetches).
import { Switch } from './checkbox';
import { SegmentedControl } from './segmented-control';

export type OwnerListView = 'mine' | 'team';

const VIEW_OPTIONS = [
  { value: 'mine', label: 'Mine' },
  { value: 'team', label: 'Team' },
] as const;

export function OwnerViewSwitch({ value, onChange, name, testId }: { value: OwnerListView; onChange: (value: OwnerListView) => void; name: string; testId?: string }) {
  return <SegmentedControl label="Show" name={name} value={value} options={VIEW_OPTIONS} onChange={onChange} testId={testId} />;
}

/** Shown only to whoever may change the item; `isBusy` while the change is saved. */
export function ShareSwitch({ isShared, onChange, isBusy = false, label = 'Shared with team', testId }: { isShared: boolean; onChange: (shared: boolean) => void; isBusy?: boolean; label?: string; testId?: string }) {
  return <Switch label={label} checked={isShared} disabled={isBusy} onChange={(event) => onChange(event.target.checked)} data-testid={testId} />;
}

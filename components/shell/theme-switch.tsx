'use client';
// The header's theme switch: system, light or dark.
import { useEffect, useSyncExternalStore } from 'react';
import { MonitorIcon, MoonIcon, SunIcon } from '@/components/ui/icons';
import { SegmentedControl } from '@/components/ui/segmented-control';
import { getThemeChoice, reconcileThemeChoice, setThemeChoice, subscribeThemeChoice, type ThemeChoice } from './theme';

const OPTIONS = [
  { value: 'system', label: 'System theme', icon: <MonitorIcon />, testId: 'theme-system' },
  { value: 'light', label: 'Light theme', icon: <SunIcon />, testId: 'theme-light' },
  { value: 'dark', label: 'Dark theme', icon: <MoonIcon />, testId: 'theme-dark' },
] as const;

export function ThemeSwitch({ initialChoice }: { initialChoice: ThemeChoice }) {
  const choice = useSyncExternalStore(subscribeThemeChoice, getThemeChoice, () => initialChoice);
  useEffect(reconcileThemeChoice, []);
  return <SegmentedControl label="Theme" name="theme" value={choice} options={OPTIONS} onChange={setThemeChoice} isIconOnly testId="theme-switch" />;
}

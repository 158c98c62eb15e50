// The shape every benchmark section returns, so the runner can print one table, the figures against their targets, and one JSON file.
export interface BenchTarget {
  /** Met when the value is at most this. */
  max?: number;
  /** Met when the value is at least this. */
  min?: number;
}

/** One figure the issue names, with its target; `id` stays the same from run to run so results can be compared. */
export interface BenchFigure {
  id: string;
  label: string;
  /** null when the section could not measure it. */
  value: number | null;
  unit: string;
  target: BenchTarget;
}

export interface BenchSection {
  title: string;
  rows: Array<Record<string, string | number>>;
  notes: string[];
  figures?: BenchFigure[];
}

export function figure(id: string, label: string, value: number | null, unit: string, target: BenchTarget): BenchFigure {
  return { id, label, value: value === null || !Number.isFinite(value) ? null : Math.round(value * 100) / 100, unit, target };
}

export function isMet(item: BenchFigure): boolean | null {
  if (item.value === null) return null;
  if (item.target.max !== undefined && item.value > item.target.max) return false;
  if (item.target.min !== undefined && item.value < item.target.min) return false;
  return true;
}

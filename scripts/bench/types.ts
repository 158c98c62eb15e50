// The shape every benchmark section returns, so the runner can print one table and one JSON file.
export interface BenchSection {
  title: string;
  rows: Array<Record<string, string | number>>;
  notes: string[];
}

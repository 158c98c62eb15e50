'use client';
// The grid being edited: every change checked by the definition schema at once and saved shortly after (PUT), or on
// demand before a run; what the server answers (its variant problems) replaces the cached grid.
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { queryKeys } from '@/lib/http/query-keys';
import { formatZodIssues, type SchemaIssue } from '@/lib/schema/issues';
import { gridDefinitionSchema, type GridDefinition } from '@/lib/schema/grid';
import type { Grid } from '@/lib/grids/wire';
import { gridApi } from './grid-api';

const SAVE_DELAY_MS = 600;

export type SaveState = 'saved' | 'unsaved' | 'saving' | 'invalid' | 'failed';

export interface DefinitionEditor {
  definition: GridDefinition;
  issues: readonly SchemaIssue[];
  saveState: SaveState;
  saveError: string | null;
  update(change: (definition: GridDefinition) => GridDefinition): void;
  /** Saves now if anything is unsaved; false when the definition has problems or the save failed. */
  flush(): Promise<boolean>;
}

function listIssues(definition: GridDefinition): SchemaIssue[] {
  const parsed = gridDefinitionSchema.safeParse(definition);
  return parsed.success ? [] : formatZodIssues(parsed.error.issues, definition);
}

export function useDefinitionEditor(grid: Grid): DefinitionEditor {
  const queryClient = useQueryClient();
  const [definition, setDefinition] = useState<GridDefinition>(grid.definition);
  const [saveState, setSaveState] = useState<SaveState>('saved');
  const [saveError, setSaveError] = useState<string | null>(null);
  const latest = useRef(definition);
  const isDirty = useRef(false);
  const timer = useRef<number | undefined>(undefined);
  const issues = useMemo(() => listIssues(definition), [definition]);

  const save = useCallback(async (): Promise<boolean> => {
    window.clearTimeout(timer.current);
    if (!isDirty.current) return true;
    const current = latest.current;
    if (listIssues(current).length > 0) {
      setSaveState('invalid');
      return false;
    }
    setSaveState('saving');
    try {
      const saved = await gridApi.save(grid.id, current);
      if (latest.current === current) {
        isDirty.current = false;
        setSaveState('saved');
        setSaveError(null);
      }
      queryClient.setQueryData(queryKeys.grid(grid.id), saved);
      void queryClient.invalidateQueries({ queryKey: queryKeys.gridLists });
      return true;
    } catch (error) {
      setSaveState('failed');
      setSaveError((error as Error).message);
      return false;
    }
  }, [grid.id, queryClient]);

  const update = useCallback(
    (change: (definition: GridDefinition) => GridDefinition) => {
      // A grid shared with the viewer is read-only: nothing is changed, so nothing is sent (the API would answer 403).
      if (!grid.is_changeable) return;
      const next = change(latest.current);
      latest.current = next;
      isDirty.current = true;
      setDefinition(next);
      setSaveState(listIssues(next).length > 0 ? 'invalid' : 'unsaved');
      window.clearTimeout(timer.current);
      timer.current = window.setTimeout(() => void save(), SAVE_DELAY_MS);
    },
    [save, grid.is_changeable],
  );

  // Leaving the page saves what is pending (the request outlives the page).
  useEffect(() => () => void save(), [save]);

  return { definition, issues, saveState, saveError, update, flush: save };
}

import { describe, expect, it } from 'vitest';
import { isCancellable } from '@/components/jobs/job-list';

describe('isCancellable (the Cancel buttons of the job list and detail)', () => {
  it('offers Cancel for a queued or running job its reader may change', () => {
    expect(isCancellable({ status: 'queued', is_changeable: true })).toBe(true);
    expect(isCancellable({ status: 'in_progress', is_changeable: true })).toBe(true);
  });

  it('does not offer it for a teammate\'s shared job (read-only: the server answers 403) or a job that has ended', () => {
    expect(isCancellable({ status: 'in_progress', is_changeable: false })).toBe(false);
    for (const status of ['completed', 'failed', 'cancelled', 'incomplete']) expect(isCancellable({ status, is_changeable: true })).toBe(false);
  });
});

import type { TImportSummary } from '@kindling/contracts';
import { describe, expect, it } from 'vitest';
import { formatFor } from '../../../shared/format.ts';
import { runProgress } from './ImportFlow.tsx';

const format = formatFor({ locale: 'en-US', timeZone: 'UTC' });

const running = (overrides: Partial<TImportSummary>): TImportSummary => ({
  id: 7,
  file_name: 'historic.csv',
  status: 'running',
  total_rows: 1_000_000,
  valid_rows: 1_000_000,
  checked_rows: 1_000_000,
  checked_bytes: 80,
  file_bytes: 80,
  processed_rows: 0,
  run_stage: 'gifts',
  stage_done: 0,
  stage_total: 0,
  imported_count: 0,
  failed_count: 0,
  created_by: 'Ada Admin',
  created_at: '2026-03-04T10:00:00.000Z',
  finished_at: null,
  failure_message: null,
  ...overrides,
});

describe('runProgress', () => {
  it("says a large file's run is on its donors before the first gift, and how far", () => {
    expect(runProgress(running({ run_stage: 'donors', stage_done: 4, stage_total: 10 }), 'Importing', format)).toEqual({
      percent: 40,
      doing: "Finding or adding the file's donors… 40%",
    });
  });

  it('counts the recorded rows while the gifts are written', () => {
    expect(runProgress(running({ processed_rows: 250_000 }), 'Importing', format)).toEqual({
      percent: 25,
      doing: 'Importing… 250,000 of 1,000,000 rows',
    });
  });

  it('says every row is recorded while the totals are added up, with a full bar', () => {
    expect(runProgress(running({ run_stage: 'totals', processed_rows: 1_000_000 }), 'Importing', format)).toEqual({
      percent: 100,
      doing: "All 1,000,000 rows recorded. Adding up the donors' totals and the daily figures…",
    });
  });

  it('shows a failed import as far as it got, whatever stage it stopped in', () => {
    const failed = running({ status: 'failed', run_stage: null, processed_rows: 600, imported_count: 500 });
    expect(runProgress(failed, 'Importing', format).percent).toBe(0);
    expect(runProgress({ ...failed, valid_rows: 1000 }, 'Importing', format).percent).toBe(50);
  });
});

import type { StagedReceipt } from '@lm/domain';
import { describe, expect, it } from 'vitest';
import { canFinish, initialUploadState, selectedRows, type UploadAction, uploadReducer } from './staged-receipts';

const receipt = (id: number, overrides: Partial<StagedReceipt> = {}): StagedReceipt => ({
  id,
  line: id + 1,
  thirdPartyLoanId: 'HSB-2027-0001',
  loanId: 7,
  thirdPartyId: `RCPT-${id}`,
  dueDate: `2027-0${id}-20`,
  netAmount: 100 + id,
  grossAmount: 100 + id,
  batchNumber: `B-${id}`,
  loanAmount: 120000,
  loanName: 'Loan',
  loanStatus: 'ACTIVE',
  matched: true,
  issue: null,
  ...overrides,
});

const run = (...actions: UploadAction[]) => actions.reduce(uploadReducer, initialUploadState);
const ids = (rows: readonly StagedReceipt[]) => rows.map((r) => r.id);
const processed = { type: 'processed', rows: [receipt(3), receipt(1), receipt(2), receipt(4)] } as const;

describe('upload repayments wizard state', () => {
  it('stages the processed file in file order on step two', () => {
    const state = run(processed);
    expect(state.step).toBe('repayments');
    expect(ids(state.rows)).toEqual([1, 2, 3, 4]);
  });

  it('deletes the selected rows as one batch and Restore brings back the last batch only', () => {
    const state = run(
      processed,
      { type: 'select', ids: [1, 2] },
      { type: 'deleteSelected' },
      { type: 'select', ids: [4] },
      { type: 'deleteSelected' },
    );
    expect(ids(state.rows)).toEqual([3]);
    expect(state.selected).toEqual([]);
    const restored = uploadReducer(state, { type: 'restore' });
    expect(ids(restored.rows)).toEqual([3, 4]);
    const again = uploadReducer(restored, { type: 'restore' });
    expect(ids(again.rows)).toEqual([1, 2, 3, 4]);
    expect(uploadReducer(again, { type: 'restore' })).toBe(again);
  });

  it('Clear All Changes reverts to the processed list and forgets the deletions', () => {
    const state = run(processed, { type: 'select', ids: [1, 3] }, { type: 'deleteSelected' }, { type: 'clearAll' });
    expect(ids(state.rows)).toEqual([1, 2, 3, 4]);
    expect(state.deleted).toEqual([]);
  });

  it('publishes the selected rows: they leave the list while in flight and are gone after success', () => {
    const started = run(processed, { type: 'select', ids: [2, 4] }, { type: 'publishStarted' });
    expect(ids(started.inFlight ?? [])).toEqual([2, 4]);
    expect(ids(started.rows)).toEqual([1, 3]);
    expect(uploadReducer(started, { type: 'deleteSelected' })).toBe(started);
    const done = uploadReducer(started, { type: 'publishSucceeded' });
    expect(done.inFlight).toBeNull();
    expect(done.selected).toEqual([]);
    expect(ids(done.rows)).toEqual([1, 3]);
    // a published receipt does not come back with Clear All Changes
    expect(ids(uploadReducer(done, { type: 'clearAll' }).rows)).toEqual([1, 3]);
  });

  it('a failed publish returns the sent rows and locks progression until a publish succeeds', () => {
    const failed = run(
      processed,
      { type: 'select', ids: [1, 2, 3, 4] },
      { type: 'publishStarted' },
      {
        type: 'publishFailed',
      },
    );
    expect(ids(failed.rows)).toEqual([1, 2, 3, 4]);
    expect(failed.failed).toBe(true);
    expect(ids(selectedRows(failed))).toEqual([1, 2, 3, 4]);
    const retried = run(
      processed,
      { type: 'select', ids: [1, 2, 3, 4] },
      { type: 'publishStarted' },
      { type: 'publishFailed' },
      { type: 'publishStarted' },
      { type: 'publishSucceeded' },
    );
    expect(retried.failed).toBe(false);
    expect(canFinish(retried)).toBe(true);
  });

  it('finishes only when no rows remain, and Reset starts over', () => {
    const partly = run(
      processed,
      { type: 'select', ids: [1] },
      { type: 'publishStarted' },
      { type: 'publishSucceeded' },
    );
    expect(canFinish(partly)).toBe(false);
    expect(uploadReducer(partly, { type: 'finish' }).step).toBe('repayments');
    const emptied = run(
      processed,
      { type: 'select', ids: [1, 2] },
      { type: 'publishStarted' },
      { type: 'publishSucceeded' },
      { type: 'select', ids: [3, 4] },
      { type: 'deleteSelected' },
    );
    expect(canFinish(emptied)).toBe(true);
    const finished = uploadReducer(emptied, { type: 'finish' });
    expect(finished.step).toBe('finished');
    expect(uploadReducer(finished, { type: 'reset' })).toEqual(initialUploadState);
  });

  it('keeps the selection to rows that are in the list', () => {
    const state = run(
      processed,
      { type: 'select', ids: [1] },
      { type: 'deleteSelected' },
      { type: 'select', ids: [1, 2] },
    );
    expect(state.selected).toEqual([2]);
  });
});

import type { StagedReceipt } from '@lm/domain';

/**
 * The state of the Upload Repayments wizard (investor-and-admin §2 Upload Repayments, §4
 * "Repayment upload") as a pure reducer, so that its rules are tested without a browser:
 * - the processed file becomes the staged list (step two);
 * - selected rows can be deleted; deletions are a stack and Restore brings back the last batch;
 * - Clear All Changes reverts to the processed list (less what has been published: a published
 *   receipt is gone from the list for good);
 * - Publish sends the selected rows: they leave the list while in flight; 'Succeeded' clears the
 *   in-flight rows and the selection, 'Failed' returns the sent rows to the list and locks
 *   progression until a later publish succeeds;
 * - the flow is complete when no rows remain; Finish then shows the finished text, Reset starts over.
 */
export type WizardStep = 'upload' | 'repayments' | 'finished';

export interface UploadState {
  step: WizardStep;
  /** The list as the file was processed. */
  processed: readonly StagedReceipt[];
  /** The staged list as edited. */
  rows: readonly StagedReceipt[];
  /** Deleted batches, the last on top. */
  deleted: readonly (readonly StagedReceipt[])[];
  selected: readonly number[];
  /** Rows being published (null when no publish is running). */
  inFlight: readonly StagedReceipt[] | null;
  /** Ids of rows published. */
  published: readonly number[];
  /** The last publish failed: progression is locked. */
  failed: boolean;
}

export type UploadAction =
  | { type: 'processed'; rows: readonly StagedReceipt[] }
  | { type: 'select'; ids: readonly number[] }
  | { type: 'deleteSelected' }
  | { type: 'restore' }
  | { type: 'clearAll' }
  | { type: 'publishStarted' }
  | { type: 'publishSucceeded' }
  | { type: 'publishFailed' }
  | { type: 'back' }
  | { type: 'finish' }
  | { type: 'reset' };

export const initialUploadState: UploadState = {
  step: 'upload',
  processed: [],
  rows: [],
  deleted: [],
  selected: [],
  inFlight: null,
  published: [],
  failed: false,
};

const byPosition = (a: StagedReceipt, b: StagedReceipt) => a.id - b.id;

/** The selected rows of the list, in file order (what Publish sends). */
export function selectedRows(state: UploadState): StagedReceipt[] {
  const ids = new Set(state.selected);
  return state.rows.filter((row) => ids.has(row.id));
}

/** The flow is complete when no rows remain and nothing is in flight or failed. */
export function canFinish(state: UploadState): boolean {
  return state.step === 'repayments' && state.rows.length === 0 && state.inFlight === null && !state.failed;
}

export function uploadReducer(state: UploadState, action: UploadAction): UploadState {
  const busy = state.inFlight !== null;
  switch (action.type) {
    case 'processed':
      return {
        ...initialUploadState,
        step: 'repayments',
        processed: [...action.rows].sort(byPosition),
        rows: [...action.rows].sort(byPosition),
      };
    case 'select': {
      const present = new Set(state.rows.map((r) => r.id));
      return { ...state, selected: action.ids.filter((id) => present.has(id)) };
    }
    case 'deleteSelected': {
      if (busy) return state;
      const batch = selectedRows(state);
      if (batch.length === 0) return state;
      const ids = new Set(batch.map((r) => r.id));
      return {
        ...state,
        rows: state.rows.filter((r) => !ids.has(r.id)),
        deleted: [...state.deleted, batch],
        selected: [],
      };
    }
    case 'restore': {
      if (busy) return state;
      const batch = state.deleted.at(-1);
      if (!batch) return state;
      return { ...state, rows: [...state.rows, ...batch].sort(byPosition), deleted: state.deleted.slice(0, -1) };
    }
    case 'clearAll': {
      if (busy) return state;
      const published = new Set(state.published);
      return { ...state, rows: state.processed.filter((r) => !published.has(r.id)), deleted: [], selected: [] };
    }
    case 'publishStarted': {
      if (busy) return state;
      const sent = selectedRows(state);
      if (sent.length === 0) return state;
      const ids = new Set(sent.map((r) => r.id));
      return { ...state, rows: state.rows.filter((r) => !ids.has(r.id)), inFlight: sent };
    }
    case 'publishSucceeded':
      if (!state.inFlight) return state;
      return {
        ...state,
        inFlight: null,
        selected: [],
        failed: false,
        published: [...state.published, ...state.inFlight.map((r) => r.id)],
      };
    case 'publishFailed':
      if (!state.inFlight) return state;
      return { ...state, rows: [...state.rows, ...state.inFlight].sort(byPosition), inFlight: null, failed: true };
    case 'back':
      return busy ? state : initialUploadState;
    case 'finish':
      return canFinish(state) ? { ...state, step: 'finished' } : state;
    case 'reset':
      return busy ? state : initialUploadState;
  }
}

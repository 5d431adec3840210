import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, actionSucceeded } from '../api/api-error';
import { currentToasts, notifyError, toast, toastAutoHideMs } from './toast-store';

describe('toast timers', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    toast.clear();
  });
  afterEach(() => {
    toast.clear();
    vi.useRealTimers();
  });

  it('the same success toast raised again within 5 s stays its full 5 s from the second time', () => {
    toast.success('Investment successful');
    vi.advanceTimersByTime(4000);
    toast.success('Investment successful');
    vi.advanceTimersByTime(1500);
    expect(currentToasts().map((t) => t.message)).toEqual(['Investment successful']);
    vi.advanceTimersByTime(toastAutoHideMs - 1500);
    expect(currentToasts()).toEqual([]);
  });

  it('each toast hides on its own timer', () => {
    toast.success('Paid');
    vi.advanceTimersByTime(3000);
    toast.success('Cancelled');
    vi.advanceTimersByTime(2500);
    expect(currentToasts().map((t) => t.message)).toEqual(['Cancelled']);
    vi.advanceTimersByTime(2500);
    expect(currentToasts()).toEqual([]);
  });

  it('error toasts persist', () => {
    toast.error('Action Failed');
    vi.advanceTimersByTime(60_000);
    expect(currentToasts().map((t) => t.message)).toEqual(['Action Failed']);
  });
});

describe('error toasts of an action that then succeeds', () => {
  afterEach(() => toast.clear());

  it('an error toast goes when the same action succeeds; other errors stay', () => {
    const wrongCode = new ApiError('RULE_REFUSED', 'The code is invalid or has expired. Please request a new code.', {
      status: 422,
    });
    wrongCode.action = 'POST /api/user/confirm-reset';
    notifyError(wrongCode);
    const other = new ApiError('INTERNAL', 'Action Failed', { status: 500 });
    other.action = 'GET /api/loans';
    notifyError(other);
    toast.error('No action known');
    expect(currentToasts().map((t) => t.message)).toHaveLength(3);

    actionSucceeded('POST /api/user/confirm-reset');
    expect(currentToasts().map((t) => t.message)).toEqual(['Action Failed', 'No action known']);
    actionSucceeded('GET /api/loans');
    expect(currentToasts().map((t) => t.message)).toEqual(['No action known']);
  });
});

import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { currentToasts, toast, toastAutoHideMs } from './toast-store';

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

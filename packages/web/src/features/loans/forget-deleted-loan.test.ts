import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { forgetDeletedLoan, loanKey } from './loans-api';

describe('after a loan is deleted', () => {
  it("removes the loan's reads without refetching them, and refreshes the other lists", async () => {
    const client = new QueryClient({
      defaultOptions: { queries: { retry: false, staleTime: Number.POSITIVE_INFINITY } },
    });
    const fetched = {
      loan: vi.fn(async () => ({ id: 7 })),
      investments: vi.fn(async () => []),
      repayments: vi.fn(async () => []),
      loans: vi.fn(async () => []),
      other: vi.fn(async () => []),
    };
    const watch = (queryKey: readonly unknown[], queryFn: () => Promise<unknown>) => {
      const observer = new QueryObserver(client, { queryKey, queryFn });
      const unsubscribe = observer.subscribe(() => {});
      return unsubscribe;
    };
    const stop = [
      watch(loanKey(7), fetched.loan),
      watch(['list', '/api/loans/7/investments', 'page', {}], fetched.investments),
      watch(['list', '/api/repayments', 'page', { $filter: 'loanId eq 7' }], fetched.repayments),
      watch(['list', '/api/loans', 'page', {}], fetched.loans),
      watch(['list', '/api/repayments', 'page', { $filter: 'loanId eq 70' }], fetched.other),
    ];
    await vi.waitFor(() => expect(fetched.other).toHaveBeenCalledTimes(1));
    await vi.waitFor(() => expect(fetched.loans).toHaveBeenCalledTimes(1));

    await forgetDeletedLoan(client, 7);
    await vi.waitFor(() => expect(fetched.loans).toHaveBeenCalledTimes(2));
    expect(fetched.other).toHaveBeenCalledTimes(2);
    expect(fetched.loan).toHaveBeenCalledTimes(1);
    expect(fetched.investments).toHaveBeenCalledTimes(1);
    expect(fetched.repayments).toHaveBeenCalledTimes(1);
    expect(client.getQueryCache().find({ queryKey: loanKey(7) })).toBeUndefined();
    expect(client.getQueryCache().find({ queryKey: ['list', '/api/loans/7/investments'] })).toBeUndefined();
    for (const unsubscribe of stop) unsubscribe();
    client.clear();
  });
});

import { type SaleRequestInput, type SellRequestInput, saleMessages } from '@lm/domain';
import { investmentRepaymentsRoute, loanInvestmentListRoute, saleQuoteRoute, saleSellRoute } from '@lm/domain/routes';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callRoute, pathOf } from '../../shared/api/call-route';
import { idempotencyHeaders } from '../../shared/api/idempotency-key';
import { listKey } from '../../shared/list/use-list';
import { investmentKey, investmentsList } from './investments-api';

/**
 * The sale calls (spec core §7 "Investing"): POST api/investments/actions/sell/quote answers the
 * sale preview; POST api/investments/actions/sell performs exactly the quoted sale, under the
 * Idempotency-Key of its confirmation.
 */

/** The due dates of the investment's loan repayments (the receiver toggle shows on one of them). */
export function saleRepaymentDatesQuery(investmentId: number) {
  return {
    queryKey: ['investment', String(investmentId), 'repayment-dates'] as const,
    queryFn: async ({ signal }: { signal?: AbortSignal }): Promise<string[]> => {
      const response = await callRoute(investmentRepaymentsRoute, {
        params: { id: String(investmentId) },
        query: { $select: 'dueDate', $orderby: 'dueDate asc', $top: String(repaymentDatesMax) },
        ...(signal ? { signal } : {}),
      });
      return response.data.map((row) => row.dueDate);
    },
  };
}

const repaymentDatesMax = 1000;

/** Preview a sale; the dialog shows a refusal itself, beside the inputs it is about. */
export function useSaleQuote() {
  return useMutation({
    mutationFn: (request: SaleRequestInput) => callRoute(saleQuoteRoute, { body: request }).then((r) => r.data),
    meta: { silent: true },
  });
}

/**
 * Sell the investment: 'Sale was successful' (or the server's text); the investment, the lists of
 * investments and the loan's investments refetch, since the sale closed one and opened others.
 */
export function useSellInvestment(investmentId: number, loanId: number, key: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: SellRequestInput) =>
      callRoute(saleSellRoute, { body: request, headers: idempotencyHeaders(key) }),
    meta: { successMessage: saleMessages.saleSuccessful },
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: investmentKey(String(investmentId)) }),
        queryClient.invalidateQueries({ queryKey: listKey(investmentsList) }),
        queryClient.invalidateQueries({
          queryKey: listKey({ path: pathOf(loanInvestmentListRoute, { id: String(loanId) }) }),
        }),
      ]);
    },
  });
}

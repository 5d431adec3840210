import {
  loanInvestmentListRoute,
  type SaleRequestInput,
  type SellRequestInput,
  saleMessages,
  saleQuoteRoute,
  saleSellRoute,
} from '@lm/domain';
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

import {
  centsFromString,
  centsToNumber,
  type investmentReverseRoute,
  loanMessages,
  notFound,
  type RouteData,
  refuse,
  reverseInvestmentRefusal,
} from '@lm/domain';
import { lockLoan, releaseInvestment } from '../loans';
import type { AuditContext } from '../platform/audit/audit';
import type { AppContext } from '../platform/context';
import { lockInvestment, selectInvestmentLoanId } from './investments.repository';

/**
 * POST api/investments/{id}/reverse (spec core §4): only an investment that is not finalised (its
 * loan not yet deployed). Its pending entry is voided, so the investor's available balance is back
 * and nothing was ever finalised; the loan's funded amount drops and a fully funded loan returns to
 * funding. Answers the loan id, where the user goes next.
 */
export async function reverseInvestment(
  ctx: AppContext,
  investmentId: number,
  audit: AuditContext,
): Promise<RouteData<typeof investmentReverseRoute>> {
  const now = ctx.clock.now();
  return ctx.db.transaction().execute(async (trx) => {
    const found = await selectInvestmentLoanId(trx, investmentId);
    if (!found) throw notFound(loanMessages.investmentNotFound);
    // the loan first, then the investment: the same order as investing, so the two never deadlock
    const loan = await lockLoan(trx, found.loanId, now);
    const investment = await lockInvestment(trx, investmentId);
    const problem = reverseInvestmentRefusal(investment);
    if (problem) throw refuse(problem);
    const after = await releaseInvestment(
      trx,
      loan,
      {
        id: investment.id,
        investedAmountCents: centsFromString(investment.investedAmount),
        accountTransactionId: investment.investmentAccountTransactionId,
      },
      now,
    );
    await audit.record(trx, {
      objectType: 'investment',
      objectId: investmentId,
      before: { reversedDate: null, loanStatus: loan.status, fundedAmount: centsToNumber(loan.fundedAmountCents) },
      after: {
        reversedDate: now.toISOString(),
        loanStatus: after.status,
        fundedAmount: centsToNumber(after.fundedAmountCents),
      },
    });
    return { investmentId, loanId: loan.id };
  });
}

import { findLoan } from '../loans';
import type { AppContext } from '../platform/context';
import type { TypedListResult } from '../platform/list-query';
import {
  type LoanInvestmentRow,
  type LoanTopUpRow,
  listInvestmentsOfLoan,
  listTopUpsOfLoan,
} from './investments.resource';

/** GET api/loans/{id}/investments: the loan's investments that are not reversed (404 for no such loan). */
export async function loanInvestments(
  ctx: AppContext,
  loanId: number,
  query: unknown,
): Promise<TypedListResult<LoanInvestmentRow>> {
  await findLoan(ctx.db, loanId);
  return listInvestmentsOfLoan(ctx.db, loanId, query);
}

/** GET api/loans/{id}/topUps: the loan's mandate options (404 for no such loan). */
export async function loanTopUps(
  ctx: AppContext,
  loanId: number,
  query: unknown,
): Promise<TypedListResult<LoanTopUpRow>> {
  await findLoan(ctx.db, loanId);
  return listTopUpsOfLoan(ctx.db, loanId, query);
}

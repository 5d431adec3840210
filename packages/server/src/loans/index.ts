/** The loans feature as other features use it. */

export { runArrearsCheck } from './arrears-check';
export { createLoan } from './create-loan';
export {
  findLoan,
  type LoanRecord,
  loanFigures,
  lockLoan,
  moveLoan,
  recordFunding,
  releaseInvestment,
} from './loan-record';
export { applyDueLoanMoves, applyScheduledLoanMoves } from './loan-schedule';
export {
  findMarketplaceLoan,
  type LoanListRow,
  listMarketplaceLoans,
  loanView,
  type MarketplaceLoanRow,
} from './loans.resource';
export { loansRoutes } from './loans.routes';
export { confirmPayout, previewPayout } from './payout-loan';
export { writeOffLoan } from './write-off-loan';

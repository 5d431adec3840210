/** The loans feature as other features use it. */

export { runArrearsCheck } from './arrears-check';
export {
  findLoan,
  type LoanRecord,
  loanFigures,
  lockLoan,
  moveLoan,
  recordFunding,
  releaseInvestment,
} from './loan-record';
export { applyScheduledLoanMoves } from './loan-schedule';
export { loanView } from './loan-views';
export { marketplaceResource, onMarketplace } from './loans.resource';
export { loansRoutes } from './loans.routes';
export { validateWithMessages } from './validate-body';

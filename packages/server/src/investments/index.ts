/** The investing feature as other features use it. */
export { deployLoan } from './deploy-loan';
export { type InvestRequest, investInLoan } from './invest-in-loan';
export { investmentsRoutes } from './investments.routes';
export { loanDailyJob } from './loan-daily-job';
export { reverseInvestment } from './reverse-investment';

/** The investing feature as other features use it. */
export { type AutoInvestResult, autoInvest } from './auto-invest';
export { deployLoan } from './deploy-loan';
export { type InvestRequest, investInLoan } from './invest-in-loan';
export { investOnePercent } from './invest-one-percent';
export { investmentsRoutes } from './investments.routes';
export { loanDailyJob } from './loan-daily-job';
export { reverseInvestment } from './reverse-investment';

// Investment accounts (investor-and-admin §3, §5, §7): what other features may use.
export { investorVisibleFields as accountListFieldsSql } from './accounts.resource';
export { accountRoutes } from './accounts.routes';
export { instantOnBusinessDate } from './business-dates';
export {
  addBankAccount,
  bpayReference,
  createInvestmentAccount,
  type NewBankAccount,
  type NewInvestmentAccount,
} from './create-investment-account';
export { depositFunds } from './deposit-funds';
export { transferFunds } from './transfer-funds';

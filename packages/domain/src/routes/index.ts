// Made by `npm run routes -w @lm/domain` from the route contracts (src/routes/write-route-refs.ts):
// each route as plain data, typed by its contract. Do not edit; route-refs.test.ts fails when stale.
import type { RouteRef } from '../contract';
import type * as contracts from '../index';

export const accountBankAccountsRoute: RouteRef<typeof contracts.accountBankAccountsRoute> = {
  method: 'GET',
  path: '/api/investmentAccounts/:id/bankAccounts',
};

export const accountInvestmentsRoute: RouteRef<typeof contracts.accountInvestmentsRoute> = {
  method: 'GET',
  path: '/api/investmentAccounts/:accountId/investments',
};

export const accountInvestorListRoute: RouteRef<typeof contracts.accountInvestorListRoute> = {
  method: 'GET',
  path: '/api/investmentAccounts/:id/investors',
};

export const accountListRoute: RouteRef<typeof contracts.accountListRoute> = {
  method: 'GET',
  path: '/api/investmentAccounts',
};

export const accountStatisticsRoute: RouteRef<typeof contracts.accountStatisticsRoute> = {
  method: 'GET',
  path: '/api/investmentAccounts/statistics',
};

export const accountTransactionListRoute: RouteRef<typeof contracts.accountTransactionListRoute> = {
  method: 'GET',
  path: '/api/user/investmentAccounts/:accountId/transactions',
};

export const activeLoanListRoute: RouteRef<typeof contracts.activeLoanListRoute> = {
  method: 'GET',
  path: '/api/loans/active',
};

export const applicationApprovalsRoute: RouteRef<typeof contracts.applicationApprovalsRoute> = {
  method: 'GET',
  path: '/api/onboarding/applications/:id/approvals',
};

export const applicationDetailRoute: RouteRef<typeof contracts.applicationDetailRoute> = {
  method: 'GET',
  path: '/api/onboarding/applications/:id',
};

export const applicationFileDownloadRoute: RouteRef<typeof contracts.applicationFileDownloadRoute> = {
  method: 'GET',
  path: '/api/onboarding/applications/:id/files/:fileId/download',
};

export const applicationFilesRoute: RouteRef<typeof contracts.applicationFilesRoute> = {
  method: 'GET',
  path: '/api/onboarding/applications/:id/files',
};

export const applicationListRoute: RouteRef<typeof contracts.applicationListRoute> = {
  method: 'GET',
  path: '/api/onboarding/applications',
};

export const applicationRawRoute: RouteRef<typeof contracts.applicationRawRoute> = {
  method: 'GET',
  path: '/api/onboarding/applications/:id/raw',
};

export const approveApplicationRoute: RouteRef<typeof contracts.approveApplicationRoute> = {
  method: 'POST',
  path: '/api/onboarding/applications/:id/approve',
};

export const arrearsCheckRoute: RouteRef<typeof contracts.arrearsCheckRoute> = {
  method: 'POST',
  path: '/api/loans/actions/arrearsCheck',
};

export const authenticateJwtRoute: RouteRef<typeof contracts.authenticateJwtRoute> = {
  method: 'GET',
  path: '/authenticateJwt',
};

export const availableStatementsRoute: RouteRef<typeof contracts.availableStatementsRoute> = {
  method: 'GET',
  path: '/api/reports/:accountId/file-types/:reportType',
};

export const barRowsRoute: RouteRef<typeof contracts.barRowsRoute> = {
  method: 'GET',
  path: '/api/user/statistics/rows',
};

export const bookSharesRoute: RouteRef<typeof contracts.bookSharesRoute> = {
  method: 'GET',
  path: '/api/user/investments/bookShares',
};

export const cancelWithdrawalRequestRoute: RouteRef<typeof contracts.cancelWithdrawalRequestRoute> = {
  method: 'POST',
  path: '/api/user/investmentAccounts/:accountId/withdrawalRequests/:requestId/cancel',
};

export const changePasswordRoute: RouteRef<typeof contracts.changePasswordRoute> = {
  method: 'POST',
  path: '/api/user/update',
};

export const clientCreateRoute: RouteRef<typeof contracts.clientCreateRoute> = {
  method: 'POST',
  path: '/api/clients',
};

export const clientEditRoute: RouteRef<typeof contracts.clientEditRoute> = {
  method: 'PUT',
  path: '/api/clients/:id',
};

export const clientGetRoute: RouteRef<typeof contracts.clientGetRoute> = {
  method: 'GET',
  path: '/api/clients/:id',
};

export const clientListRoute: RouteRef<typeof contracts.clientListRoute> = {
  method: 'GET',
  path: '/api/clients',
};

export const confirmResetRoute: RouteRef<typeof contracts.confirmResetRoute> = {
  method: 'POST',
  path: '/api/user/confirm-reset',
};

export const createLoanRoute: RouteRef<typeof contracts.createLoanRoute> = {
  method: 'POST',
  path: '/api/loans',
};

export const deleteLoanRoute: RouteRef<typeof contracts.deleteLoanRoute> = {
  method: 'POST',
  path: '/api/loans/:id/actions/delete',
};

export const deleteTransactionRoute: RouteRef<typeof contracts.deleteTransactionRoute> = {
  method: 'DELETE',
  path: '/api/transaction/:transactionId',
};

export const denyApplicationRoute: RouteRef<typeof contracts.denyApplicationRoute> = {
  method: 'POST',
  path: '/api/onboarding/applications/:id/deny',
};

export const depositFundsRoute: RouteRef<typeof contracts.depositFundsRoute> = {
  method: 'POST',
  path: '/api/investmentAccounts/:id/deposit',
};

export const editInvestorGroupRoute: RouteRef<typeof contracts.editInvestorGroupRoute> = {
  method: 'PUT',
  path: '/api/investmentGroups/:id',
};

export const editInvestorRoute: RouteRef<typeof contracts.editInvestorRoute> = {
  method: 'PUT',
  path: '/api/users/:id',
};

export const editLoanRoute: RouteRef<typeof contracts.editLoanRoute> = {
  method: 'PUT',
  path: '/api/loans/:id',
};

export const excessApplyRoute: RouteRef<typeof contracts.excessApplyRoute> = {
  method: 'POST',
  path: '/api/loanTransactions/:id/actions/applyExcess',
};

export const excessReturnRoute: RouteRef<typeof contracts.excessReturnRoute> = {
  method: 'POST',
  path: '/api/loanTransactions/:id/actions/returnExcess',
};

export const generateOwnReportRoute: RouteRef<typeof contracts.generateOwnReportRoute> = {
  method: 'POST',
  path: '/api/user/reports/:reportId',
};

export const generateReportRoute: RouteRef<typeof contracts.generateReportRoute> = {
  method: 'POST',
  path: '/api/reports/:reportId',
};

export const healthRoute: RouteRef<typeof contracts.healthRoute> = {
  method: 'GET',
  path: '/api/health',
};

export const historyRoute: RouteRef<typeof contracts.historyRoute> = {
  method: 'GET',
  path: '/api/audit/:entity/:id',
};

export const investmentAutoInvestRoute: RouteRef<typeof contracts.investmentAutoInvestRoute> = {
  method: 'POST',
  path: '/api/loans/:id/actions/autoInvest',
};

export const investmentDeployLoanRoute: RouteRef<typeof contracts.investmentDeployLoanRoute> = {
  method: 'POST',
  path: '/api/loans/:id/actions/deploy',
};

export const investmentDetailRoute: RouteRef<typeof contracts.investmentDetailRoute> = {
  method: 'GET',
  path: '/api/investments/:id',
};

export const investmentInvestorInvestRoute: RouteRef<typeof contracts.investmentInvestorInvestRoute> = {
  method: 'POST',
  path: '/api/user/loans/:id/invest',
};

export const investmentManagementInvestRoute: RouteRef<typeof contracts.investmentManagementInvestRoute> = {
  method: 'POST',
  path: '/api/loans/:id/invest',
};

export const investmentOnePercentRoute: RouteRef<typeof contracts.investmentOnePercentRoute> = {
  method: 'POST',
  path: '/api/loans/:id/actions/investOnePercent',
};

export const investmentRepaymentsRoute: RouteRef<typeof contracts.investmentRepaymentsRoute> = {
  method: 'GET',
  path: '/api/investments/:id/repayments',
};

export const investmentReverseRoute: RouteRef<typeof contracts.investmentReverseRoute> = {
  method: 'POST',
  path: '/api/investments/:id/reverse',
};

export const investmentStatisticsRoute: RouteRef<typeof contracts.investmentStatisticsRoute> = {
  method: 'GET',
  path: '/api/user/investments/statistics',
};

export const investmentsListRoute: RouteRef<typeof contracts.investmentsListRoute> = {
  method: 'GET',
  path: '/api/investments',
};

export const investorAccountsRoute: RouteRef<typeof contracts.investorAccountsRoute> = {
  method: 'GET',
  path: '/api/investors/:investorId/investmentAccounts',
};

export const investorDetailRoute: RouteRef<typeof contracts.investorDetailRoute> = {
  method: 'GET',
  path: '/api/investors/:id',
};

export const investorGroupAccountsRoute: RouteRef<typeof contracts.investorGroupAccountsRoute> = {
  method: 'GET',
  path: '/api/investmentGroups/:groupId/investmentAccounts',
};

export const investorGroupDetailRoute: RouteRef<typeof contracts.investorGroupDetailRoute> = {
  method: 'GET',
  path: '/api/investmentGroups/:id',
};

export const investorGroupInvestorsRoute: RouteRef<typeof contracts.investorGroupInvestorsRoute> = {
  method: 'GET',
  path: '/api/investmentGroups/:id/investors',
};

export const investorGroupListRoute: RouteRef<typeof contracts.investorGroupListRoute> = {
  method: 'GET',
  path: '/api/investmentGroups',
};

export const investorGroupsOfInvestorRoute: RouteRef<typeof contracts.investorGroupsOfInvestorRoute> = {
  method: 'GET',
  path: '/api/investors/:id/investmentGroups',
};

export const investorListRoute: RouteRef<typeof contracts.investorListRoute> = {
  method: 'GET',
  path: '/api/investors',
};

export const investorStatisticsRoute: RouteRef<typeof contracts.investorStatisticsRoute> = {
  method: 'GET',
  path: '/api/investors/statistics',
};

export const jobResultRoute: RouteRef<typeof contracts.jobResultRoute> = {
  method: 'GET',
  path: '/api/jobs/:jobId/result',
};

export const jobRoute: RouteRef<typeof contracts.jobRoute> = {
  method: 'GET',
  path: '/api/jobs/:jobId',
};

export const loanInvestmentListRoute: RouteRef<typeof contracts.loanInvestmentListRoute> = {
  method: 'GET',
  path: '/api/loans/:id/investments',
};

export const loanListRoute: RouteRef<typeof contracts.loanListRoute> = {
  method: 'GET',
  path: '/api/loans',
};

export const loanListSlashRoute: RouteRef<typeof contracts.loanListSlashRoute> = {
  method: 'GET',
  path: '/api/loans/',
};

export const loanStatisticsRoute: RouteRef<typeof contracts.loanStatisticsRoute> = {
  method: 'GET',
  path: '/api/loans/statistics',
};

export const loanTopUpListRoute: RouteRef<typeof contracts.loanTopUpListRoute> = {
  method: 'GET',
  path: '/api/loans/:id/topUps',
};

export const loanTransactionsListRoute: RouteRef<typeof contracts.loanTransactionsListRoute> = {
  method: 'GET',
  path: '/api/loanTransactions',
};

export const loginRoute: RouteRef<typeof contracts.loginRoute> = {
  method: 'POST',
  path: '/api/auth/login',
};

export const logoutRoute: RouteRef<typeof contracts.logoutRoute> = {
  method: 'POST',
  path: '/api/auth/logout',
};

export const marketplaceLoanListRoute: RouteRef<typeof contracts.marketplaceLoanListRoute> = {
  method: 'GET',
  path: '/api/marketplace/loans',
};

export const marketplaceLoanRoute: RouteRef<typeof contracts.marketplaceLoanRoute> = {
  method: 'GET',
  path: '/api/marketplace/loans/:id',
};

export const ownAccountListRoute: RouteRef<typeof contracts.ownAccountListRoute> = {
  method: 'GET',
  path: '/api/user/investmentAccounts',
};

export const ownAvailableStatementsRoute: RouteRef<typeof contracts.ownAvailableStatementsRoute> = {
  method: 'GET',
  path: '/api/user/reports/:accountId/file-types/:reportType',
};

export const ownBankAccountsRoute: RouteRef<typeof contracts.ownBankAccountsRoute> = {
  method: 'GET',
  path: '/api/user/investmentAccounts/:accountId/bankAccounts',
};

export const ownStatementFileRoute: RouteRef<typeof contracts.ownStatementFileRoute> = {
  method: 'GET',
  path: '/api/user/reports/:accountId/statements/:statementId',
};

export const ownWithdrawalRequestsRoute: RouteRef<typeof contracts.ownWithdrawalRequestsRoute> = {
  method: 'GET',
  path: '/api/user/investmentAccounts/:accountId/withdrawalRequests',
};

export const payoutPreviewRoute: RouteRef<typeof contracts.payoutPreviewRoute> = {
  method: 'POST',
  path: '/api/loans/actions/payout/preview',
};

export const payoutReceiptRoute: RouteRef<typeof contracts.payoutReceiptRoute> = {
  method: 'GET',
  path: '/api/loans/:id/payoutReceipt',
};

export const payoutRoute: RouteRef<typeof contracts.payoutRoute> = {
  method: 'POST',
  path: '/api/loans/actions/payout',
};

export const portfolioSummaryRoute: RouteRef<typeof contracts.portfolioSummaryRoute> = {
  method: 'GET',
  path: '/api/accounts/portfolio',
};

export const processLoanScheduleRoute: RouteRef<typeof contracts.processLoanScheduleRoute> = {
  method: 'POST',
  path: '/api/loans/processFile',
};

export const receiptsProcessFileRoute: RouteRef<typeof contracts.receiptsProcessFileRoute> = {
  method: 'POST',
  path: '/api/repayments/receipts/processFile',
};

export const receiptsPublishRoute: RouteRef<typeof contracts.receiptsPublishRoute> = {
  method: 'POST',
  path: '/api/repayments/receipts/batch',
};

export const refreshSessionRoute: RouteRef<typeof contracts.refreshSessionRoute> = {
  method: 'POST',
  path: '/api/auth/refresh',
};

export const renewCertificateRoute: RouteRef<typeof contracts.renewCertificateRoute> = {
  method: 'POST',
  path: '/api/investors/:id/actions/renewCertificate',
};

export const repaymentStatisticsRoute: RouteRef<typeof contracts.repaymentStatisticsRoute> = {
  method: 'GET',
  path: '/api/user/repayments/statistics',
};

export const repaymentsFractionaliseRoute: RouteRef<typeof contracts.repaymentsFractionaliseRoute> = {
  method: 'POST',
  path: '/api/repayments/fractionalise',
};

export const repaymentsListRoute: RouteRef<typeof contracts.repaymentsListRoute> = {
  method: 'GET',
  path: '/api/repayments',
};

export const reportListRoute: RouteRef<typeof contracts.reportListRoute> = {
  method: 'GET',
  path: '/api/reports',
};

export const resendConfirmationRoute: RouteRef<typeof contracts.resendConfirmationRoute> = {
  method: 'POST',
  path: '/api/auth/register/resend-user-confirmation',
};

export const resendWithdrawalCodeRoute: RouteRef<typeof contracts.resendWithdrawalCodeRoute> = {
  method: 'POST',
  path: '/api/user/investmentAccounts/:accountId/withdrawalRequests/:requestId/resendCode',
};

export const resetPasswordRoute: RouteRef<typeof contracts.resetPasswordRoute> = {
  method: 'POST',
  path: '/api/user/reset',
};

export const saleQuoteRoute: RouteRef<typeof contracts.saleQuoteRoute> = {
  method: 'POST',
  path: '/api/investments/actions/sell/quote',
};

export const saleSellRoute: RouteRef<typeof contracts.saleSellRoute> = {
  method: 'POST',
  path: '/api/investments/actions/sell',
};

export const staffListRoute: RouteRef<typeof contracts.staffListRoute> = {
  method: 'GET',
  path: '/api/users',
};

export const staffMemberRoute: RouteRef<typeof contracts.staffMemberRoute> = {
  method: 'GET',
  path: '/api/users/:id',
};

export const statementFileRoute: RouteRef<typeof contracts.statementFileRoute> = {
  method: 'GET',
  path: '/api/reports/:accountId/statements/:statementId',
};

export const submitApplicationRoute: RouteRef<typeof contracts.submitApplicationRoute> = {
  method: 'POST',
  path: '/api/onboarding/user/applications',
};

export const transactionListRoute: RouteRef<typeof contracts.transactionListRoute> = {
  method: 'GET',
  path: '/api/transactions',
};

export const transactionRoute: RouteRef<typeof contracts.transactionRoute> = {
  method: 'GET',
  path: '/api/transactions/:id',
};

export const transactionStatisticsRoute: RouteRef<typeof contracts.transactionStatisticsRoute> = {
  method: 'GET',
  path: '/api/user/transactions/statistics',
};

export const transferFundsRoute: RouteRef<typeof contracts.transferFundsRoute> = {
  method: 'POST',
  path: '/api/investmentAccounts/:id/transfer',
};

export const updateTransactionRoute: RouteRef<typeof contracts.updateTransactionRoute> = {
  method: 'PUT',
  path: '/api/transactions/:id',
};

export const userAccountInvestmentsRoute: RouteRef<typeof contracts.userAccountInvestmentsRoute> = {
  method: 'GET',
  path: '/api/user/investmentAccounts/:id/investments',
};

export const userAccountRepaymentsRoute: RouteRef<typeof contracts.userAccountRepaymentsRoute> = {
  method: 'GET',
  path: '/api/user/investmentAccounts/:id/repayments',
};

export const userDetailsRoute: RouteRef<typeof contracts.userDetailsRoute> = {
  method: 'GET',
  path: '/api/user/details',
};

export const verifyWithdrawalRoute: RouteRef<typeof contracts.verifyWithdrawalRoute> = {
  method: 'POST',
  path: '/api/user/investmentAccounts/:accountId/withdrawalRequests/:requestId/verify',
};

export const withdrawFundsRoute: RouteRef<typeof contracts.withdrawFundsRoute> = {
  method: 'POST',
  path: '/api/user/investmentAccounts/:accountId/withdraw',
};

export const writeOffRoute: RouteRef<typeof contracts.writeOffRoute> = {
  method: 'POST',
  path: '/api/loans/actions/writeOff',
};

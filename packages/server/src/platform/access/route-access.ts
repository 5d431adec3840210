import {
  allRoles,
  backOfficeRoles,
  investorEditorRoles,
  investorListRoles,
  investorRoles,
  managementOnly,
  Role as R,
  type Role,
  reportRoles,
} from '@lm/domain';

export const PUBLIC = 'public' as const;
export type Access = readonly Role[] | typeof PUBLIC;

/** `METHOD /api/path/:param`, as Fastify registers it. */
export function routeKey(method: string, url: string): string {
  return `${method.toUpperCase()} ${url}`;
}

// Who may write on the investor side: the read-only investor changes nothing.
const investorWriter: readonly Role[] = [R.INVESTOR];
const staff: readonly Role[] = backOfficeRoles;
// Screens all five roles use (dashboard, marketplace, profile).
const everyone: readonly Role[] = allRoles;

/**
 * The one table of API routes and the roles that may call them (spec core §2.1 and §6,
 * investor-and-admin §2 and §6, with the role mapping of DESIGN §1). A route that is not listed
 * here cannot be registered; a test walks every cell of this table.
 */
export const routeAccess: Record<string, Access> = {
  // platform and session
  'GET /api/health': PUBLIC,
  // the API description and its reference page (Swagger UI and its assets), no token (DESIGN §1)
  'GET /api/openapi.json': PUBLIC,
  'GET /api/docs': PUBLIC,
  'GET /api/docs/': PUBLIC,
  'GET /api/docs/static/*': PUBLIC,
  'GET /api/docs/json': PUBLIC,
  'GET /api/docs/yaml': PUBLIC,
  'GET /api/docs/static/index.html': PUBLIC,
  'GET /api/docs/static/swagger-initializer.js': PUBLIC,
  'POST /api/auth/login': PUBLIC,
  'POST /api/auth/refresh': PUBLIC,
  'POST /api/user/reset': PUBLIC,
  'POST /api/user/confirm-reset': PUBLIC,
  'POST /api/auth/register/resend-user-confirmation': PUBLIC,
  'GET /authenticateJwt': everyone,
  'GET /api/user/details': everyone,
  'POST /api/user/update': everyone,
  'POST /api/auth/logout': everyone,

  // money core: accounts, deposits, transfers, withdrawals, transactions (investor-and-admin §2,
  // §6 and §7). api/user/... routes reach only the caller's own accounts (checked in the
  // services); the read-only investor reads but never writes; staff reads are management and
  // support; deposit, transfer, transaction edits and deletes (pending withdrawals) management only
  'GET /api/user/investmentAccounts': investorRoles,
  'GET /api/user/investmentAccounts/:accountId/bankAccounts': investorRoles,
  'GET /api/user/investmentAccounts/:accountId/transactions': investorRoles,
  'POST /api/user/investmentAccounts/:accountId/withdraw': investorWriter,
  'POST /api/user/investmentAccounts/:accountId/withdrawalRequests/:requestId/verify': investorWriter,
  'GET /api/user/investmentAccounts/:accountId/withdrawalRequests': investorRoles,
  'POST /api/user/investmentAccounts/:accountId/withdrawalRequests/:requestId/resendCode': investorWriter,
  'POST /api/user/investmentAccounts/:accountId/withdrawalRequests/:requestId/cancel': investorWriter,
  'GET /api/investmentAccounts': staff,
  'GET /api/investmentAccounts/statistics': staff,
  'GET /api/investmentAccounts/:id/investors': staff,
  'GET /api/investmentAccounts/:id/bankAccounts': staff,
  'POST /api/investmentAccounts/:id/deposit': managementOnly,
  'POST /api/investmentAccounts/:id/transfer': managementOnly,
  'GET /api/transactions': staff,
  'GET /api/transactions/:id': staff,
  'PUT /api/transactions/:id': managementOnly,
  'DELETE /api/transaction/:transactionId': managementOnly,

  // the History tab of the staff detail screens (loan, account, transaction, investor, group,
  // client): the screens are management's and support's (spec core §2.1), so is their history
  'GET /api/audit/:entity/:id': staff,

  // investors, investor groups and staff (investor-and-admin §2 and §7; DESIGN §1 role mapping):
  // the investor list also for the fifth role; every other read for management and support;
  // edits (and the reset-password and verification mails, through the session routes) too
  'GET /api/investors': investorListRoles,
  'GET /api/investors/statistics': investorListRoles,
  'GET /api/investors/:id': staff,
  'GET /api/investors/:investorId/investmentAccounts': staff,
  'GET /api/investors/:id/investmentGroups': staff,
  'PUT /api/users/:id': investorEditorRoles,
  'GET /api/investmentGroups': staff,
  'GET /api/investmentGroups/:id': staff,
  'PUT /api/investmentGroups/:id': investorEditorRoles,
  'GET /api/investmentGroups/:groupId/investmentAccounts': staff,
  'GET /api/investmentGroups/:id/investors': staff,
  'GET /api/users': staff,
  'GET /api/users/:id': staff,

  // repayments and portfolio (investor-and-admin §2 Upload Repayments, Fractionalise Excess
  // Repayments, Portfolio; §7 "Transactions and repayments", "Statistics and reports"; core §7):
  // upload, publish, fractionalise and excess handling management only; staff reads management
  // and support; api/user/... and the portfolio summary reach only the caller's own accounts
  'POST /api/repayments/receipts/processFile': managementOnly,
  'POST /api/repayments/receipts/batch': managementOnly,
  'POST /api/repayments/fractionalise': managementOnly,
  'POST /api/loanTransactions/:id/actions/applyExcess': managementOnly,
  'POST /api/loanTransactions/:id/actions/returnExcess': managementOnly,
  'GET /api/repayments': staff,
  'GET /api/loanTransactions': staff,
  'GET /api/investments': staff,
  'GET /api/investments/:id': staff,
  'GET /api/investments/:id/repayments': staff,
  'GET /api/investmentAccounts/:accountId/investments': staff,
  'GET /api/user/investmentAccounts/:id/investments': investorRoles,
  'GET /api/user/investmentAccounts/:id/repayments': investorRoles,
  'GET /api/accounts/portfolio': [...investorRoles, ...staff],
  'GET /api/user/transactions/statistics': investorRoles,
  'GET /api/user/repayments/statistics': investorRoles,
  'GET /api/user/investments/statistics': investorRoles,
  // the rows behind a bar (the caller's own accounts) and the whole book's shares (percent only)
  'GET /api/user/statistics/rows': investorRoles,
  'GET /api/user/investments/bookShares': investorRoles,

  // loans, clients, marketplace and investing (core §2.1, §6, §7; investor-and-admin §7 Clients;
  // DESIGN §1 marketplace and deploy paths): every loan, client and investment write is management
  // only; staff reads management and support (the dashboards' loan statistics also the fifth role);
  // the marketplace all five roles; an investor invests for their own accounts only
  'GET /api/loans': staff,
  'GET /api/loans/': staff,
  'GET /api/loans/active': staff,
  'GET /api/loans/statistics': investorListRoles,
  'POST /api/loans/processFile': managementOnly,
  'POST /api/loans': managementOnly,
  'PUT /api/loans/:id': managementOnly,
  'POST /api/loans/:id/actions/delete': managementOnly,
  'POST /api/loans/actions/arrearsCheck': managementOnly,
  'POST /api/loans/actions/payout/preview': managementOnly,
  'POST /api/loans/actions/payout': managementOnly,
  'POST /api/loans/actions/writeOff': managementOnly,
  'GET /api/loans/:id/payoutReceipt': staff,
  'GET /api/loans/:id/investments': staff,
  'GET /api/loans/:id/topUps': staff,
  'POST /api/loans/:id/invest': managementOnly,
  'POST /api/loans/:id/actions/investOnePercent': managementOnly,
  'POST /api/loans/:id/actions/autoInvest': managementOnly,
  'POST /api/loans/:id/actions/deploy': managementOnly,
  'POST /api/investments/:id/reverse': managementOnly,
  // the secondary sale (spec core §6: reverse or sell investments is administrator only)
  'POST /api/investments/actions/sell/quote': managementOnly,
  'POST /api/investments/actions/sell': managementOnly,
  'POST /api/user/loans/:id/invest': investorWriter,
  'GET /api/marketplace/loans': everyone,
  'GET /api/marketplace/loans/:id': everyone,
  'GET /api/clients': staff,
  'GET /api/clients/:id': staff,
  'POST /api/clients': managementOnly,
  'PUT /api/clients/:id': managementOnly,

  // investor onboarding (investor-and-admin §2 "Public investor application", "Onboarding review",
  // §6, §7): the submission has no token; the review, its files and its decisions are management only
  'POST /api/onboarding/user/applications': PUBLIC,
  'GET /api/onboarding/applications': managementOnly,
  'GET /api/onboarding/applications/:id': managementOnly,
  'GET /api/onboarding/applications/:id/raw': managementOnly,
  'GET /api/onboarding/applications/:id/approvals': managementOnly,
  'GET /api/onboarding/applications/:id/files': managementOnly,
  'GET /api/onboarding/applications/:id/files/:fileId/download': managementOnly,
  'POST /api/onboarding/applications/:id/approve': managementOnly,
  'POST /api/onboarding/applications/:id/deny': managementOnly,
  'POST /api/investors/:id/actions/renewCertificate': managementOnly,

  // reports (investor-and-admin §2 "Reports", §6, §7; DESIGN §1 "reports"): one investor role and
  // management see the definitions; investor reports run through api/user/reports on the caller's
  // own accounts (INVESTOR only), management reports through api/reports
  'GET /api/reports': reportRoles,
  'POST /api/reports/:reportId': managementOnly,
  'POST /api/user/reports/:reportId': [R.INVESTOR],
  'GET /api/reports/:accountId/file-types/:reportType': managementOnly,
  'GET /api/user/reports/:accountId/file-types/:reportType': [R.INVESTOR],
  'GET /api/reports/:accountId/statements/:statementId': managementOnly,
  'GET /api/user/reports/:accountId/statements/:statementId': [R.INVESTOR],

  // jobs (DESIGN §1 "long work"): the roles that can start one (a report); each job is read and
  // downloaded by its owner only (another user gets 404)
  'GET /api/jobs/:jobId': reportRoles,
  'GET /api/jobs/:jobId/result': reportRoles,
};

// The groups are exported so feature tables read the same way.
export const accessGroups = {
  everyone,
  staff,
  managementOnly,
  investorRoles,
  investorWriter,
  investorListRoles,
  investorEditorRoles,
  reportRoles,
};

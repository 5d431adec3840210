import { z } from 'zod';
import { defineRoute, idParams, idParamsOf, type ListRow, listOf, listQuery, listShape } from '../contract';
import { transactionDetail } from '../transactions/transactions.contract';
import { accountMessages } from './account-rules';
import { depositBody, transferBody } from './account-schemas';

/**
 * Investment accounts, their investors and bank accounts, deposits and transfers
 * (investor-and-admin §3 "Investment account", §5, §7). Balances are the ledger's: current =
 * finalised postings, available = current minus pending debits.
 */

/** The fields of an investment account every list of accounts shows (staff, investor, investor and group details). */
export const accountInvestorVisibleFields = {
  id: 'integer',
  name: 'string',
  type: 'string',
  availableBalance: 'money',
  currentBalance: 'money',
  bpayBillerCode: 'string?',
  bpayReferenceNumber: 'string?',
  mandateMaxExposure: 'money?',
  mandateRate: 'decimal?',
  mandateMaxTerm: 'integer?',
  mandateMaxTermUnit: 'string?',
  isForeign: 'boolean',
  creationDate: 'datetime',
  investmentGroupId: 'integer?',
} as const;

const accountGroupShape = listShape({ id: 'integer', name: 'string' });

/** The signed-in investor's own accounts (no organisation notes). */
export const ownAccountListShape = listShape(accountInvestorVisibleFields, { investmentGroup: accountGroupShape });
export type OwnAccountRow = ListRow<typeof ownAccountListShape>;

/** Every account (staff). */
export const accountListShape = listShape(
  { ...accountInvestorVisibleFields, notes: 'string?' },
  { investmentGroup: accountGroupShape },
);
export type AccountListRow = ListRow<typeof accountListShape>;

/** The investors who hold one account, with their user. */
export const accountInvestorListShape = listShape(
  {
    id: 'integer',
    userId: 'integer',
    investorType: 'string?',
    accreditationLevel: 'string?',
    accreditedDate: 'date?',
    addressState: 'string?',
    addressCountry: 'string?',
  },
  {
    user: listShape({
      id: 'integer',
      type: 'string',
      firstName: 'string',
      middleName: 'string?',
      lastName: 'string',
      email: 'string',
      mobileNumber1: 'string?',
      status: 'string',
    }),
  },
);
export type AccountInvestorRow = ListRow<typeof accountInvestorListShape>;

/** A bank account withdrawals may be paid to (the preferred one first). */
export const bankAccountSchema = z.object({
  id: z.number().int(),
  investmentAccountId: z.number().int(),
  name: z.string(),
  bsbNumber: z.string(),
  accountNumber: z.string(),
  isPreferred: z.boolean(),
});
export type BankAccount = z.infer<typeof bankAccountSchema>;

/** The totals bar of the staff accounts screen, over accounts of the investor type. */
export const accountStatisticsSchema = z.object({
  key: z.literal('INVESTOR_ACCOUNT'),
  count: z.number().int(),
  totalAvailableBalance: z.number(),
  totalCurrentBalance: z.number(),
});
export type AccountStatistics = z.infer<typeof accountStatisticsSchema>;

export const ownAccountListRoute = defineRoute({
  method: 'GET',
  path: '/api/user/investmentAccounts',
  tag: 'accounts',
  summary: "The caller's investment accounts",
  query: listQuery,
  response: listOf(ownAccountListShape),
  list: true,
});

export const ownBankAccountsRoute = defineRoute({
  method: 'GET',
  path: '/api/user/investmentAccounts/:accountId/bankAccounts',
  tag: 'accounts',
  summary: "The bank accounts of one of the caller's accounts",
  params: idParamsOf('accountId'),
  response: z.array(bankAccountSchema),
});

export const accountListRoute = defineRoute({
  method: 'GET',
  path: '/api/investmentAccounts',
  tag: 'accounts',
  summary: 'Every investment account',
  query: listQuery,
  response: listOf(accountListShape),
  list: true,
});

export const accountStatisticsRoute = defineRoute({
  method: 'GET',
  path: '/api/investmentAccounts/statistics',
  tag: 'accounts',
  summary: 'Available and current investor balance totals',
  response: accountStatisticsSchema,
});

export const accountInvestorListRoute = defineRoute({
  method: 'GET',
  path: '/api/investmentAccounts/:id/investors',
  tag: 'accounts',
  summary: 'The investors who hold an account',
  params: idParams,
  query: listQuery,
  response: listOf(accountInvestorListShape),
  list: true,
});

export const accountBankAccountsRoute = defineRoute({
  method: 'GET',
  path: '/api/investmentAccounts/:id/bankAccounts',
  tag: 'accounts',
  summary: 'The bank accounts of an account',
  params: idParams,
  response: z.array(bankAccountSchema),
});

export const depositFundsRoute = defineRoute({
  method: 'POST',
  path: '/api/investmentAccounts/:id/deposit',
  tag: 'accounts',
  summary: 'Record a deposit (trust bank to the account)',
  description: `Answers the new transaction and "${accountMessages.depositSuccessful}".`,
  params: idParams,
  body: depositBody,
  response: transactionDetail,
  idempotent: true,
});

export const transferFundsRoute = defineRoute({
  method: 'POST',
  path: '/api/investmentAccounts/:id/transfer',
  tag: 'accounts',
  summary: 'Transfer between two accounts',
  description: `Answers both rows and "${accountMessages.transferSuccessful}".`,
  params: idParams,
  body: transferBody,
  response: z.object({ from: transactionDetail, to: transactionDetail }),
  idempotent: true,
});

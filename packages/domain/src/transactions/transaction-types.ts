/**
 * The one enumeration of investor-visible account transaction types and statuses (DESIGN §3,
 * investor-and-admin §3 "Transaction"), with the labels the screens show. Every money feature
 * writes its rows with these values; nothing else names a transaction type.
 */

/** The types that move money in or out of an investment account; each has a reversal. */
export const baseTransactionTypes = [
  'DEPOSIT',
  'WITHDRAWAL',
  'INVESTMENT',
  'REPAYMENT',
  'INTEREST',
  'FEE',
  'TAX_WITHHELD',
  'WRITE_OFF',
  'TRANSFER_IN',
  'TRANSFER_OUT',
  'DISBURSEMENT',
  'SALE',
  'PURCHASE',
  'COMMISSION',
  'INTEREST_TOP_UP',
] as const;
export type BaseTransactionType = (typeof baseTransactionTypes)[number];
export type ReversalTransactionType = `${BaseTransactionType}_REVERSAL`;
export type TransactionType = BaseTransactionType | ReversalTransactionType;

export const reversalTypeOf = (type: BaseTransactionType): ReversalTransactionType => `${type}_REVERSAL`;

export const transactionTypes: readonly TransactionType[] = [
  ...baseTransactionTypes,
  ...baseTransactionTypes.map(reversalTypeOf),
];

/** `TransactionType.DEPOSIT === 'DEPOSIT'`, for call sites that prefer a named constant. */
export const TransactionType = Object.fromEntries(transactionTypes.map((t) => [t, t])) as {
  readonly [K in TransactionType]: K;
};

const baseLabels: Record<BaseTransactionType, string> = {
  DEPOSIT: 'Deposit',
  WITHDRAWAL: 'Withdrawal',
  INVESTMENT: 'Investment',
  REPAYMENT: 'Repayment',
  INTEREST: 'Interest Applied',
  FEE: 'Fee',
  TAX_WITHHELD: 'Tax Withheld',
  WRITE_OFF: 'Write Off',
  TRANSFER_IN: 'Transfer In',
  TRANSFER_OUT: 'Transfer Out',
  DISBURSEMENT: 'Disbursement',
  SALE: 'Investment Sale',
  PURCHASE: 'Investment Purchase',
  COMMISSION: 'Commission',
  INTEREST_TOP_UP: 'Interest Top Up',
};

export const transactionTypeLabels: Record<TransactionType, string> = Object.fromEntries(
  baseTransactionTypes.flatMap((t) => [
    [t, baseLabels[t]],
    [reversalTypeOf(t), `${baseLabels[t]} Reversal`],
  ]),
) as Record<TransactionType, string>;

export function isTransactionType(value: unknown): value is TransactionType {
  return typeof value === 'string' && (transactionTypes as readonly string[]).includes(value);
}

export function isReversalType(type: TransactionType): type is ReversalTransactionType {
  return type.endsWith('_REVERSAL');
}

/**
 * Row status. PENDING: no finalisedDate, the amount reserves available balance (a debit) until
 * the entry is finalised or cancelled. PAID: finalised, counted in the balance. CANCELLED: a
 * pending row that was voided; it moved nothing and is no longer pending (it has a finalisedDate,
 * the moment it was cancelled, so that "no finalisedDate" keeps meaning pending).
 */
export const transactionStatuses = ['PENDING', 'PAID', 'CANCELLED'] as const;
export type TransactionStatus = (typeof transactionStatuses)[number];
export const TransactionStatus = { PENDING: 'PENDING', PAID: 'PAID', CANCELLED: 'CANCELLED' } as const;

export const transactionStatusLabels: Record<TransactionStatus, string> = {
  PENDING: 'Pending',
  PAID: 'Paid',
  CANCELLED: 'Cancelled',
};

/** A withdrawal request's own life (investor-and-admin §4): lodged, verified with a code, then paid or cancelled. */
export const withdrawalRequestStatuses = ['UNVERIFIED', 'VERIFIED', 'PAID', 'CANCELLED'] as const;
export type WithdrawalRequestStatus = (typeof withdrawalRequestStatuses)[number];
export const withdrawalRequestStatusLabels: Record<WithdrawalRequestStatus, string> = {
  UNVERIFIED: 'Awaiting verification',
  VERIFIED: 'Verified',
  PAID: 'Paid',
  CANCELLED: 'Cancelled',
};

/** Investment account types; the totals bar sums the investor type. */
export const investmentAccountTypes = ['INVESTOR_ACCOUNT', 'HOUSE_ACCOUNT', 'TRUST_ACCOUNT'] as const;
export type InvestmentAccountType = (typeof investmentAccountTypes)[number];
export const investmentAccountTypeLabels: Record<InvestmentAccountType, string> = {
  INVESTOR_ACCOUNT: 'Investor Account',
  HOUSE_ACCOUNT: 'House Account',
  TRUST_ACCOUNT: 'Trust Account',
};

/** The lender's own investment account (spec core §9). */
export const houseAccountId = 555;

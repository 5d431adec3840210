import type { InvestmentAccountType } from '@lm/domain';
import { createLedgerAccount } from '../ledger';
import type { AuditContext } from '../platform/audit/audit';
import type { Executor } from '../platform/db/database';
import {
  insertAccountInvestors,
  insertBankAccount,
  insertInvestmentAccount,
  setBpayDetails,
} from './accounts.repository';

export interface NewInvestmentAccount {
  name: string;
  type?: InvestmentAccountType;
  /** The lender's BPAY biller code; when given, the account gets its own reference number. */
  bpayBillerCode?: string | null;
  isForeign?: boolean;
  investmentGroupId?: number | null;
  mandateRate?: string | null;
  mandateMaxExposure?: string | null;
  mandateMaxTerm?: number | null;
  mandateMaxTermUnit?: string | null;
  notes?: string | null;
  /** The investors who hold the account (investment_account_investors). */
  investorIds?: number[];
}

/** BPAY customer reference: the account id followed by a Luhn (MOD10V01) check digit. */
export function bpayReference(accountId: number): string {
  const digits = String(accountId);
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 0) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return `${digits}${(10 - (sum % 10)) % 10}`;
}

/**
 * Opens an investment account with its own INVESTOR_CASH ledger account and links its investors.
 * Used by onboarding approval and the seed; runs in the caller's transaction.
 */
export async function createInvestmentAccount(
  trx: Executor,
  input: NewInvestmentAccount,
  audit: AuditContext,
  now: Date,
): Promise<number> {
  const ledgerAccountId = await createLedgerAccount(trx, 'INVESTOR_CASH', `Cash of ${input.name}`);
  const id = await insertInvestmentAccount(trx, {
    name: input.name,
    type: input.type ?? 'INVESTOR_ACCOUNT',
    isForeign: input.isForeign ?? false,
    investmentGroupId: input.investmentGroupId ?? null,
    mandateRate: input.mandateRate ?? null,
    mandateMaxExposure: input.mandateMaxExposure ?? null,
    mandateMaxTerm: input.mandateMaxTerm ?? null,
    mandateMaxTermUnit: input.mandateMaxTermUnit ?? null,
    notes: input.notes ?? null,
    ledgerAccountId,
    creationDate: now,
  });
  if (input.bpayBillerCode) {
    await setBpayDetails(trx, id, input.bpayBillerCode, bpayReference(id));
  }
  const investorIds = [...new Set(input.investorIds ?? [])];
  if (investorIds.length > 0) {
    await insertAccountInvestors(trx, id, investorIds);
  }
  await audit.record(trx, {
    objectType: 'investmentAccount',
    objectId: id,
    after: { ...input, id, ledgerAccountId },
  });
  return id;
}

export interface NewBankAccount {
  investmentAccountId: number;
  name: string;
  bsbNumber: string;
  accountNumber: string;
  isPreferred?: boolean;
}

/** Saves a bank account that withdrawals from this investment account may be paid to. */
export async function addBankAccount(
  trx: Executor,
  input: NewBankAccount,
  audit: AuditContext,
  now: Date,
): Promise<number> {
  const id = await insertBankAccount(trx, {
    investmentAccountId: input.investmentAccountId,
    name: input.name,
    bsbNumber: input.bsbNumber,
    accountNumber: input.accountNumber,
    isPreferred: input.isPreferred ?? true,
    createdAt: now,
  });
  await audit.record(trx, { objectType: 'bankAccount', objectId: id, after: { ...input, id } });
  return id;
}

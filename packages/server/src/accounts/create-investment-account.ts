import type { InvestmentAccountType } from '@lm/domain';
import { createLedgerAccount } from '../ledger/ledger';
import type { AuditContext } from '../platform/audit/audit';
import type { Executor } from '../platform/db/database';

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
  const row = await trx
    .insertInto('investmentAccounts')
    .values({
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
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  if (input.bpayBillerCode) {
    await trx
      .updateTable('investmentAccounts')
      .set({ bpayBillerCode: input.bpayBillerCode, bpayReferenceNumber: bpayReference(row.id) })
      .where('id', '=', row.id)
      .execute();
  }
  const investorIds = [...new Set(input.investorIds ?? [])];
  if (investorIds.length > 0) {
    await trx
      .insertInto('investmentAccountInvestors')
      .values(investorIds.map((investorId) => ({ investmentAccountId: row.id, investorId })))
      .execute();
  }
  await audit.record(trx, {
    objectType: 'investmentAccount',
    objectId: row.id,
    after: { ...input, id: row.id, ledgerAccountId },
  });
  return row.id;
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
  const row = await trx
    .insertInto('bankAccounts')
    .values({
      investmentAccountId: input.investmentAccountId,
      name: input.name,
      bsbNumber: input.bsbNumber,
      accountNumber: input.accountNumber,
      isPreferred: input.isPreferred ?? true,
      createdAt: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await audit.record(trx, { objectType: 'bankAccount', objectId: row.id, after: { ...input, id: row.id } });
  return row.id;
}

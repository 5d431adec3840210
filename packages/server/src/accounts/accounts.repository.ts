import { sql } from 'kysely';
import type { Executor } from '../platform/db/database';
import { executePrepared } from '../platform/db/database';

/** The SQL of investment accounts and their bank accounts (the services hold the rules). */

export async function accountExists(db: Executor, investmentAccountId: number): Promise<boolean> {
  const row = await db
    .selectFrom('investmentAccounts')
    .select('id')
    .where('id', '=', investmentAccountId)
    .executeTakeFirst();
  return row !== undefined;
}

export async function selectBankAccounts(db: Executor, investmentAccountId: number) {
  return db
    .selectFrom('bankAccounts')
    .select(['id', 'investmentAccountId', 'name', 'bsbNumber', 'accountNumber', 'isPreferred'])
    .where('investmentAccountId', '=', investmentAccountId)
    .orderBy('isPreferred', 'desc')
    .orderBy('id')
    .execute();
}

/** Count and balance sums (the ledger's generated available balance) of the investor-type accounts. */
export async function selectInvestorAccountTotals(db: Executor) {
  return db
    .selectFrom('investmentAccounts as a')
    .innerJoin('ledgerAccounts as la', 'la.id', 'a.ledgerAccountId')
    .select([
      sql<number>`count(*)`.as('count'),
      sql<string>`coalesce(sum(la.current_balance), 0)`.as('current'),
      sql<string>`coalesce(sum(la.available_balance), 0)`.as('available'),
    ])
    .where('a.type', '=', 'INVESTOR_ACCOUNT')
    .executeTakeFirstOrThrow();
}

/** The accounts among `ids` that exist, with their creation date and ledger account. */
export async function selectAccountsForTransfer(db: Executor, ids: readonly number[]) {
  const { rows } = await executePrepared(
    db,
    db
      .selectFrom('investmentAccounts')
      .select(['id', 'creationDate', 'ledgerAccountId'])
      .where('id', 'in', [...ids]),
  );
  return rows;
}

export interface InvestmentAccountValues {
  name: string;
  type: string;
  isForeign: boolean;
  investmentGroupId: number | null;
  mandateRate: string | null;
  mandateMaxExposure: string | null;
  mandateMaxTerm: number | null;
  mandateMaxTermUnit: string | null;
  notes: string | null;
  ledgerAccountId: number;
  creationDate: Date;
}

export async function insertInvestmentAccount(trx: Executor, values: InvestmentAccountValues): Promise<number> {
  const row = await trx.insertInto('investmentAccounts').values(values).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

export async function setBpayDetails(
  trx: Executor,
  investmentAccountId: number,
  bpayBillerCode: string,
  bpayReferenceNumber: string,
): Promise<void> {
  await trx
    .updateTable('investmentAccounts')
    .set({ bpayBillerCode, bpayReferenceNumber })
    .where('id', '=', investmentAccountId)
    .execute();
}

export async function insertAccountInvestors(
  trx: Executor,
  investmentAccountId: number,
  investorIds: readonly number[],
): Promise<void> {
  await trx
    .insertInto('investmentAccountInvestors')
    .values(investorIds.map((investorId) => ({ investmentAccountId, investorId })))
    .execute();
}

export interface BankAccountValues {
  investmentAccountId: number;
  name: string;
  bsbNumber: string;
  accountNumber: string;
  isPreferred: boolean;
  createdAt: Date;
}

export async function insertBankAccount(trx: Executor, values: BankAccountValues): Promise<number> {
  const row = await trx.insertInto('bankAccounts').values(values).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

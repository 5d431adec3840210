import { sql } from 'kysely';
import type { Executor, Tx } from '../platform/db/database';

/** Every statement of the investing feature (investments, mandate options, deploy's projections). */

export function selectInvestingAccount(trx: Tx, investmentAccountId: number) {
  return trx
    .selectFrom('investmentAccounts')
    .select(['id', 'mandateRate'])
    .where('id', '=', investmentAccountId)
    .executeTakeFirst();
}

/** The account's active mandate option on the loan, if any. */
export function selectActiveMandateOption(trx: Tx, loanId: number, investmentAccountId: number) {
  return trx
    .selectFrom('mandateTopups')
    .select('mandateRate')
    .where('loanId', '=', loanId)
    .where('investmentAccountId', '=', investmentAccountId)
    .where('isActive', '=', true)
    .executeTakeFirst();
}

/** The loan's active mandate accounts with their mandate limits, by account id. */
export function selectActiveMandates(trx: Tx, loanId: number) {
  return trx
    .selectFrom('mandateTopups as t')
    .innerJoin('investmentAccounts as a', 'a.id', 't.investmentAccountId')
    .select(['a.id', 't.mandateRate', 'a.mandateMaxExposure', 'a.mandateMaxTerm', 'a.mandateMaxTermUnit'])
    .where('t.loanId', '=', loanId)
    .where('t.isActive', '=', true)
    .orderBy('a.id')
    .execute();
}

/** What the account holds in the loan (not reversed, not sold), as numeric text. */
export async function selectHeldInLoan(trx: Tx, loanId: number, investmentAccountId: number): Promise<string> {
  const row = await trx
    .selectFrom('investments')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<string>('investedAmount'), eb.val('0')).as('held'))
    .where('loanId', '=', loanId)
    .where('investmentAccountId', '=', investmentAccountId)
    .where('reversedDate', 'is', null)
    .where('saleDate', 'is', null)
    .executeTakeFirstOrThrow();
  return String(row.held);
}

export async function insertInvestment(
  trx: Tx,
  values: {
    loanId: number;
    investmentAccountId: number;
    investedAmount: string;
    investmentInterestRate: string;
    mandateRate: string | null;
    creationDate: Date;
  },
): Promise<number> {
  const row = await trx.insertInto('investments').values(values).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

export async function setInvestmentTransaction(trx: Tx, investmentId: number, transactionId: number): Promise<void> {
  await trx
    .updateTable('investments')
    .set({ investmentAccountTransactionId: transactionId })
    .where('id', '=', investmentId)
    .execute();
}

export function selectInvestmentLoanId(trx: Tx, investmentId: number) {
  return trx.selectFrom('investments').select('loanId').where('id', '=', investmentId).executeTakeFirst();
}

/** The investment under a row lock (its loan is locked first, the order investing uses). */
export function lockInvestment(trx: Tx, investmentId: number) {
  return trx
    .selectFrom('investments')
    .select([
      'id',
      'investedAmount',
      'finalisedDate',
      'reversedDate',
      'investmentAccountTransactionId',
      'investmentAccountId',
    ])
    .where('id', '=', investmentId)
    .forUpdate()
    .executeTakeFirstOrThrow();
}

/** The ledger entries of the loan's pending (not finalised, not reversed) investments. */
export async function selectPendingInvestmentEntries(trx: Tx, loanId: number): Promise<number[]> {
  const rows = await trx
    .selectFrom('investments as i')
    .innerJoin('accountTransactions as t', 't.id', 'i.investmentAccountTransactionId')
    .select(['i.id', 't.ledgerEntryId'])
    .where('i.loanId', '=', loanId)
    .where('i.reversedDate', 'is', null)
    .where('i.finalisedDate', 'is', null)
    .orderBy('i.id')
    .execute();
  return rows.flatMap((row) => (row.ledgerEntryId === null ? [] : [row.ledgerEntryId]));
}

export async function markInvestmentsFinalised(trx: Tx, loanId: number, now: Date): Promise<void> {
  await trx
    .updateTable('investments')
    .set({ finalisedDate: now })
    .where('loanId', '=', loanId)
    .where('reversedDate', 'is', null)
    .where('finalisedDate', 'is', null)
    .execute();
}

/** The loan's holders (not reversed, not sold) with their account's foreign flag, by investment id. */
export function selectHolders(trx: Tx, loanId: number) {
  return trx
    .selectFrom('investments as i')
    .innerJoin('investmentAccounts as a', 'a.id', 'i.investmentAccountId')
    .select(['i.id', 'i.investmentAccountId', 'i.investedAmount', 'i.investmentInterestRate', 'a.isForeign'])
    .where('i.loanId', '=', loanId)
    .where('i.reversedDate', 'is', null)
    .where('i.saleDate', 'is', null)
    .orderBy('i.id')
    .execute();
}

/** The loan's repayments (not archived) by due date. */
export function selectLoanRepayments(trx: Tx, loanId: number) {
  return trx
    .selectFrom('repayments')
    .select(['id', 'principalDue', 'interestDue'])
    .where('loanId', '=', loanId)
    .where('isArchived', '=', false)
    .orderBy('dueDate')
    .execute();
}

export interface RepaymentProjection {
  repaymentId: number;
  investorsInterestDue: string;
  investorAmount: string;
  organisationCommissionDue: string;
}

/** Writes what each repayment owes the investors and the lender, 500 rows a statement. */
export async function updateRepaymentProjections(trx: Tx, projections: readonly RepaymentProjection[]): Promise<void> {
  const values = projections.map(
    (p) =>
      sql`(${p.repaymentId}::bigint, ${p.investorsInterestDue}::numeric, ${p.investorAmount}::numeric, ${p.organisationCommissionDue}::numeric)`,
  );
  const batch = 500;
  for (let start = 0; start < values.length; start += batch) {
    await sql`
      update repayments r set investors_interest_due = v.interest, investor_amount = v.amount,
        organisation_commission_due = v.commission
      from (values ${sql.join(values.slice(start, start + batch))}) as v(id, interest, amount, commission)
      where r.id = v.id`.execute(trx);
  }
}

/** Fully funded loans whose disbursement date has come, by id. */
export async function selectLoansDueForDeploy(db: Executor, today: string): Promise<number[]> {
  const rows = await db
    .selectFrom('loans')
    .select('id')
    .where('status', '=', 'FULLY_FUNDED')
    .where('disbursementDate', '<=', today)
    .orderBy('id')
    .execute();
  return rows.map((row) => row.id);
}

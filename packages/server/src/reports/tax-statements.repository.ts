import { addDays } from '@lm/domain';
import { sql } from 'kysely';
import type { Executor } from '../platform/db/database';
import { sydneyMidnight } from '../platform/db/sydney-sql';

/**
 * The SQL of stored statements (docs/decisions/009-reports.md): the ledger entries a tax statement
 * summarises, its versions, and the files issued with them.
 */

const dayStart = (isoDate: string) => sydneyMidnight(sql`cast(${isoDate} as date)`);

/**
 * The ledger entries behind an account's rows finalised in the period (the rows the tax
 * statement sums), ascending.
 */
export async function ledgerEntryIdsOf(
  db: Executor,
  accountId: number,
  startDate: string,
  endDate: string,
): Promise<number[]> {
  const result = await sql<{ id: number }>`
    select distinct t.ledger_entry_id as id from account_transactions t
    where t.investment_account_id = ${accountId} and t.finalised_date is not null and t.status <> 'CANCELLED'
      and t.ledger_entry_id is not null
      and t.finalised_date >= ${dayStart(startDate)} and t.finalised_date < ${dayStart(addDays(endDate, 1))}
    order by 1`.execute(db);
  return result.rows.map((r) => r.id);
}

export interface StoredStatementRow {
  id: number;
  investmentAccountId: number;
  reportType: string;
  financialYear: number;
  version: number;
  periodStart: string;
  periodEnd: string;
  contentHash: string;
  fileName: string;
  fileId: number;
  createdAt: Date;
}

const statementColumns = sql`s.id, s.investment_account_id, s.report_type, s.financial_year, s.version,
  s.period_start::text as period_start, s.period_end::text as period_end, s.content_hash, s.file_name,
  s.file_id, s.created_at`;

/** Serialises the versions of one account's statements of one type (two generations at once). */
export async function lockStatements(db: Executor, accountId: number): Promise<void> {
  await sql`select pg_advisory_xact_lock(hashtext('report_statements'), ${accountId})`.execute(db);
}

export async function latestVersion(
  db: Executor,
  accountId: number,
  reportType: string,
  periodEnd: string,
): Promise<StoredStatementRow | undefined> {
  const result = await sql<StoredStatementRow>`
    select ${statementColumns} from report_statements s
    where s.investment_account_id = ${accountId} and s.report_type = ${reportType}
      and s.period_end = cast(${periodEnd} as date) and s.content_hash is not null
    order by s.version desc limit 1`.execute(db);
  return result.rows[0];
}

/** A statement version to store: the row as it is read back, without its id, and who generated it. */
export type NewStoredStatement = Omit<StoredStatementRow, 'id'> & { generatedByUserId: number };

export async function insertStatement(db: Executor, statement: NewStoredStatement): Promise<number> {
  const row = await db.insertInto('reportStatements').values(statement).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

const entriesPerInsert = 1000;

export async function insertStatementEntries(db: Executor, statementId: number, entryIds: readonly number[]) {
  for (let i = 0; i < entryIds.length; i += entriesPerInsert) {
    await db
      .insertInto('reportStatementEntries')
      .values(
        entryIds
          .slice(i, i + entriesPerInsert)
          .map((ledgerEntryId) => ({ reportStatementId: statementId, ledgerEntryId })),
      )
      .execute();
  }
}

export async function statementEntryIds(db: Executor, statementId: number): Promise<number[]> {
  const rows = await db
    .selectFrom('reportStatementEntries')
    .select('ledgerEntryId')
    .where('reportStatementId', '=', statementId)
    .orderBy('ledgerEntryId')
    .execute();
  return rows.map((r) => r.ledgerEntryId);
}

/** Statements listed at most. */
export const storedStatementsMax = 200;

/** An account's stored statements of a type, newest year and version first (up to `periodEndMax`). */
export async function storedStatements(
  db: Executor,
  accountId: number,
  reportType: string,
  periodEndMax: string | undefined,
): Promise<StoredStatementRow[]> {
  const result = await sql<StoredStatementRow>`
    select ${statementColumns} from report_statements s
    where s.investment_account_id = ${accountId} and s.report_type = ${reportType} and s.content_hash is not null
      ${periodEndMax === undefined ? sql`` : sql`and s.period_end <= cast(${periodEndMax} as date)`}
    order by s.period_end desc, s.version desc limit ${storedStatementsMax}`.execute(db);
  return result.rows;
}

export async function storedStatement(
  db: Executor,
  accountId: number,
  statementId: number,
): Promise<StoredStatementRow | undefined> {
  const result = await sql<StoredStatementRow>`
    select ${statementColumns} from report_statements s
    where s.id = ${statementId} and s.investment_account_id = ${accountId} and s.content_hash is not null`.execute(db);
  return result.rows[0];
}

import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test-support/test-app';
import { createWorkedExampleLoan, payFixtureRepayment } from './repayments.test-support';

/**
 * The six references an account row is written with (its investment account, ledger entry, loan,
 * loan transaction, investment, author) are checked once per statement by a trigger instead of
 * by foreign keys (migrations 0191 and 0209): both sides of each reference still hold.
 */

let t: TestApp;
let row: Record<string, number>;

const references = [
  ['investment_account_id', 'investment_accounts', 'investment account'],
  ['ledger_entry_id', 'ledger_entries', 'ledger entry'],
  ['loan_id', 'loans', 'loan'],
  ['loan_transaction_id', 'loan_transactions', 'loan transaction'],
  ['investment_id', 'investments', 'investment'],
  ['created_by', 'users', 'user'],
] as const;

const columns = references.map(([column]) => column);

/**
 * Copies of the row under new ids, with some references replaced: in every copy, or (`onlyCopy`)
 * in the copy of that number only.
 */
function copies(count: number, replace: Partial<Record<(typeof columns)[number], number>> = {}, onlyCopy?: number) {
  const value = (column: (typeof columns)[number]) => {
    const replaced = replace[column];
    if (replaced === undefined) return sql.lit(row[column]!);
    if (onlyCopy === undefined) return sql.lit(replaced);
    return sql`case when g = ${sql.lit(onlyCopy)} then ${sql.lit(replaced)} else ${sql.lit(row[column]!)} end`;
  };
  return sql`
    insert into account_transactions (investment_account_id, type, status, amount, gross_amount, finalised_date,
      ${sql.raw(columns.slice(1).join(', '))})
    select ${value('investment_account_id')}, 'REPAYMENT', 'PAID', 0.01, 0.01, now(),
      ${sql.join(columns.slice(1).map(value))}
    from generate_series(1, ${sql.lit(count)}) as g`;
}

beforeAll(async () => {
  t = await createTestApp({ clockNow: '2027-03-05T10:00:00+11:00' });
  // a fractionalised repayment: account rows naming an account, entry, loan, loan transaction and investment
  const loan = await createWorkedExampleLoan(t.ctx, { thirdPartyId: 'REFS-1' });
  await payFixtureRepayment(t.ctx, loan.loanId, 0, 'REFS-1-R1');
  // for each reference a row it names (from the book's account rows, or any row of the table)
  row = {};
  for (const [column, table] of references) {
    const found = await sql<{ id: number }>`
      select coalesce(
        (select ${sql.ref(column)} from account_transactions where ${sql.ref(column)} is not null limit 1),
        (select min(id) from ${sql.table(table)})) as id`.execute(t.ctx.db);
    expect(found.rows[0]?.id, `a row of ${table}`).not.toBeNull();
    row[column] = Number(found.rows[0]!.id);
  }
  // rows naming all six at once: what the tests below keep or refuse
  await copies(1).execute(t.ctx.db);
});
afterAll(() => t?.close());

describe('account rows reference what exists', () => {
  it('writes rows whose references all exist, many in one statement', async () => {
    const before = await sql<{ n: number }>`select count(*)::int as n from account_transactions`.execute(t.ctx.db);
    await copies(3).execute(t.ctx.db);
    const after = await sql<{ n: number }>`select count(*)::int as n from account_transactions`.execute(t.ctx.db);
    expect(after.rows[0]!.n).toBe(before.rows[0]!.n + 3);
  });

  it.each(references)('refuses a row whose %s names no %s', async (column, _table, what) => {
    await expect(copies(2, { [column]: 999_999_999 }).execute(t.ctx.db)).rejects.toThrow(
      `references a ${what} that does not exist`,
    );
  });

  it.each(references)(
    'refuses a statement where one row of three has a %s naming no %s',
    async (column, _table, what) => {
      const before = await sql<{ n: number }>`select count(*)::int as n from account_transactions`.execute(t.ctx.db);
      await expect(copies(3, { [column]: 999_999_999 }, 2).execute(t.ctx.db)).rejects.toThrow(
        `references a ${what} that does not exist`,
      );
      const after = await sql<{ n: number }>`select count(*)::int as n from account_transactions`.execute(t.ctx.db);
      expect(after.rows[0]!.n).toBe(before.rows[0]!.n);
    },
  );

  it('refuses an update that points a row at nothing, and allows one that changes other columns', async () => {
    const last = sql`(select max(id) from account_transactions)`;
    await expect(
      sql`update account_transactions set loan_id = 999999999 where id = ${last}`.execute(t.ctx.db),
    ).rejects.toThrow('references a loan that does not exist');
    await sql`update account_transactions set loan_id = loan_id, comment = 'checked' where id = ${last}`.execute(
      t.ctx.db,
    );
  });
});

describe('what account rows reference stays', () => {
  it.each(references)('a referenced row of %s is neither deleted nor renumbered (%s)', async (column, table) => {
    const id = row[column]!;
    // other constraints may refuse first; either way the row stays
    await expect(sql`delete from ${sql.table(table)} where id = ${id}`.execute(t.ctx.db)).rejects.toThrow();
    await expect(
      sql`update ${sql.table(table)} set id = ${id + 1_000_000_000} where id = ${id}`.execute(t.ctx.db),
    ).rejects.toThrow();
    const still = await sql`select 1 from ${sql.table(table)} where id = ${id}`.execute(t.ctx.db);
    expect(still.rows).toHaveLength(1);
  });

  it('the checks of the referenced side name the account rows', async () => {
    // users: nothing else refuses renumbering the author before the account rows' check
    await expect(
      sql`update users set id = ${row.created_by! + 1_000_000_000} where id = ${row.created_by}`.execute(t.ctx.db),
    ).rejects.toThrow('changes the id of a row that account transactions reference (created_by)');
    await expect(sql`truncate ledger_entries cascade`.execute(t.ctx.db)).rejects.toThrow();
  });
});

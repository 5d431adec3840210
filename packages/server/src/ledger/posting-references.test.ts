import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test-support/test-app';

/**
 * A posting's entry and ledger account are checked once per statement by a trigger instead of by
 * foreign keys (migration 0203): both sides of each reference still hold.
 */

let t: TestApp;
let cash: number;
let trust: number;

/** A new entry with a posting of `amount` to `to` and its opposite to `from`, in one statement each. */
async function entryWithPostings(to: number, from: number, amount = '1.00', entryId?: number) {
  const entry =
    entryId ??
    Number(
      (
        await sql<{ id: number }>`insert into ledger_entries (kind, description, finalised_at)
          values ('DEPOSIT', 'posting references', now()) returning id`.execute(t.ctx.db)
      ).rows[0]!.id,
    );
  await sql`insert into ledger_postings (entry_id, ledger_account_id, amount)
    values (${entry}, ${to}, ${amount}::numeric), (${entry}, ${from}, -${amount}::numeric)`.execute(t.ctx.db);
  return entry;
}

const accountOfKind = async (kind: string) =>
  Number(
    (await sql<{ id: number }>`select min(id) as id from ledger_accounts where kind = ${kind}`.execute(t.ctx.db))
      .rows[0]!.id,
  );

beforeAll(async () => {
  t = await createTestApp();
  cash = await accountOfKind('INVESTOR_CASH');
  trust = await accountOfKind('TRUST_BANK');
});
afterAll(() => t?.close());

describe('ledger postings reference what exists', () => {
  it('writes postings whose entry and accounts exist', async () => {
    const entry = await entryWithPostings(cash, trust);
    const written = await sql<{
      n: number;
    }>`select count(*)::int as n from ledger_postings where entry_id = ${entry}`.execute(t.ctx.db);
    expect(written.rows[0]!.n).toBe(2);
  });

  it('refuses postings to an entry that does not exist', async () => {
    await expect(entryWithPostings(cash, trust, '1.00', 999_999_999)).rejects.toThrow(
      'references a ledger entry that does not exist',
    );
  });

  it('refuses a posting to a ledger account that does not exist', async () => {
    await expect(entryWithPostings(999_999_999, trust)).rejects.toThrow(
      'references a ledger account that does not exist',
    );
  });
});

describe('what ledger postings reference stays', () => {
  it('a ledger account with postings is neither deleted, renumbered nor truncated', async () => {
    const account = Number(
      (
        await sql<{
          id: number;
        }>`insert into ledger_accounts (kind, name) values ('LOAN_COLLECTIONS', 'posting references')
          returning id`.execute(t.ctx.db)
      ).rows[0]!.id,
    );
    await entryWithPostings(account, trust);
    await expect(sql`delete from ledger_accounts where id = ${account}`.execute(t.ctx.db)).rejects.toThrow(
      'removes an account that ledger postings name',
    );
    await expect(
      sql`update ledger_accounts set id = ${account + 1_000_000_000} where id = ${account}`.execute(t.ctx.db),
    ).rejects.toThrow('changes the id of an account that ledger postings name');
    await expect(sql`truncate ledger_accounts cascade`.execute(t.ctx.db)).rejects.toThrow();
    await expect(sql`truncate ledger_entries cascade`.execute(t.ctx.db)).rejects.toThrow();
    const still = await sql`select 1 from ledger_accounts where id = ${account}`.execute(t.ctx.db);
    expect(still.rows).toHaveLength(1);
  });

  it("the platform's own accounts are never deleted, renumbered nor given another kind (migration 0212)", async () => {
    // a posting that names one needs no lock to keep it there until its commit
    for (const statement of [
      sql`delete from ledger_accounts where id = ${trust}`,
      sql`update ledger_accounts set kind = 'LOAN_COLLECTIONS' where id = ${trust}`,
    ]) {
      await expect(statement.execute(t.ctx.db)).rejects.toThrow('is never removed, renumbered nor given another kind');
    }
    // the trust bank has postings, so the check of 0203 refuses its renumbering first
    await expect(
      sql`update ledger_accounts set id = ${trust + 1_000_000_000} where id = ${trust}`.execute(t.ctx.db),
    ).rejects.toThrow(/changes the id of an account that ledger postings name|is never removed, renumbered/);
    await sql`update ledger_accounts set name = name where id = ${trust}`.execute(t.ctx.db);
    const still = await sql<{ kind: string }>`select kind from ledger_accounts where id = ${trust}`.execute(t.ctx.db);
    expect(still.rows).toEqual([{ kind: 'TRUST_BANK' }]);
  });

  it('a ledger account no posting names can still be deleted', async () => {
    const account = Number(
      (
        await sql<{ id: number }>`insert into ledger_accounts (kind, name) values ('LOAN_COLLECTIONS', 'unused')
          returning id`.execute(t.ctx.db)
      ).rows[0]!.id,
    );
    await sql`delete from ledger_accounts where id = ${account}`.execute(t.ctx.db);
    const gone = await sql`select 1 from ledger_accounts where id = ${account}`.execute(t.ctx.db);
    expect(gone.rows).toHaveLength(0);
  });
});

import { centsFromString } from '@lm/domain';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Tx } from '../platform/db/database';
import { createTestApp, type TestApp } from '../test-support/test-app';
import { balanceOf, createLedgerAccount, finaliseEntry, postEntry, systemAccountId } from './ledger';
import { checkLedger } from './ledger-check';

/**
 * The trust bank, revenue and tax withheld payable accounts are not locked by movements; their
 * cached balances are brought up to date at each transaction's commit (migration 0070), in one of
 * each account's balance parts that no other open transaction holds (migration 0210). They must
 * still equal their postings whatever commits, rolls back or runs at the same time.
 */

let t: TestApp;
let trust: number;
let revenue: number;
let investors: number[];
beforeAll(async () => {
  t = await createTestApp({ seed: 'none' });
  ({ trust, revenue, investors } = await t.ctx.db.transaction().execute(async (trx) => ({
    trust: await systemAccountId(trx, 'TRUST_BANK'),
    revenue: await systemAccountId(trx, 'REVENUE'),
    investors: [
      await createLedgerAccount(trx, 'INVESTOR_CASH', 'system accounts test 1'),
      await createLedgerAccount(trx, 'INVESTOR_CASH', 'system accounts test 2'),
      await createLedgerAccount(trx, 'INVESTOR_CASH', 'system accounts test 3'),
    ],
  })));
});
afterAll(() => t.close());

const now = () => t.ctx.clock.now();
const current = async (id: number) => (await balanceOf(t.ctx.db, id)).currentCents;

async function expectSound(): Promise<void> {
  expect((await checkLedger(t.ctx.db)).problems).toEqual([]);
}

/** A deposit from the trust bank into an investor's account. */
function trustDeposit(trx: Tx, investor: number, cents: bigint) {
  return postEntry(
    trx,
    {
      kind: 'DEPOSIT',
      postings: [
        { ledgerAccountId: trust, amountCents: -cents },
        { ledgerAccountId: investor, amountCents: cents },
      ],
    },
    now(),
  );
}

/**
 * Deposits 100 in a transaction left open while a deposit of 40 into another account commits
 * under a lock timeout, so that the second fails if it waits for the first. PostgreSQL only: the
 * embedded database runs one transaction at a time.
 */
async function depositBesideAnOpenOne({ talliesFirst }: { talliesFirst: boolean }): Promise<void> {
  if (t.ctx.database.kind !== 'postgres') return;
  const trustBefore = await current(trust);
  const tallyNow = async (trx: Tx) => {
    if (talliesFirst) await sql`set constraints all immediate`.execute(trx);
  };
  const open = await t.ctx.db.startTransaction().execute();
  try {
    await trustDeposit(open, investors[0]!, 100n);
    await tallyNow(open);
    await t.ctx.db.transaction().execute(async (trx) => {
      await sql`set local lock_timeout = '2s'`.execute(trx);
      await trustDeposit(trx, investors[2]!, 40n);
      await tallyNow(trx);
    });
    expect(await current(trust)).toBe(trustBefore - 40n);
    await open.commit().execute();
  } catch (error) {
    await open.rollback().execute();
    throw error;
  }
  expect(await current(trust)).toBe(trustBefore - 140n);
  await expectSound();
}

/** A deposit (trust bank -> investor) and a fee (investor -> revenue) in one transaction. */
function depositWithFee(investor: number, cents: bigint, feeCents: bigint) {
  return t.ctx.db.transaction().execute(async (trx) => {
    await trustDeposit(trx, investor, cents);
    await postEntry(
      trx,
      {
        kind: 'FEE',
        postings: [
          { ledgerAccountId: investor, amountCents: -feeCents },
          { ledgerAccountId: revenue, amountCents: feeCents },
        ],
      },
      now(),
    );
  });
}

describe('the system accounts, brought up to date at commit', () => {
  it('equal their postings after many movements at once', async () => {
    const [trustBefore, revenueBefore] = [await current(trust), await current(revenue)];
    const movements = Array.from({ length: 24 }, (_, i) => ({
      investor: investors[i % investors.length]!,
      cents: BigInt(1_000 + i),
      feeCents: BigInt(1 + i),
    }));
    await Promise.all(movements.map((m) => depositWithFee(m.investor, m.cents, m.feeCents)));
    const deposited = movements.reduce((sum, m) => sum + m.cents, 0n);
    const fees = movements.reduce((sum, m) => sum + m.feeCents, 0n);
    expect(await current(trust)).toBe(trustBefore - deposited);
    expect(await current(revenue)).toBe(revenueBefore + fees);
    await expectSound();
  });

  it('keep nothing of a transaction or a savepoint rolled back', async () => {
    const [trustBefore, investorBefore] = [await current(trust), await current(investors[0]!)];
    await expect(
      t.ctx.db.transaction().execute(async (trx) => {
        await postEntry(
          trx,
          {
            kind: 'DEPOSIT',
            postings: [
              { ledgerAccountId: trust, amountCents: -500n },
              { ledgerAccountId: investors[0]!, amountCents: 500n },
            ],
          },
          now(),
        );
        throw new Error('refused after posting');
      }),
    ).rejects.toThrow('refused after posting');
    expect(await current(trust)).toBe(trustBefore);

    const deposit = (dollars: string) => `
      with e as (insert into ledger_entries (kind, finalised_at) values ('DEPOSIT', now()) returning id)
      insert into ledger_postings (entry_id, ledger_account_id, amount)
      select e.id, v.account, v.amount from e,
        (values (${trust}::bigint, -${dollars}::numeric), (${investors[0]}::bigint, ${dollars}::numeric)) as v(account, amount);`;
    await t.ctx.database.exec(
      `begin; ${deposit('1.00')} savepoint later; ${deposit('5.00')} rollback to savepoint later; ${deposit('2.00')} commit;`,
    );
    expect(await current(trust)).toBe(trustBefore - 300n);
    expect(await current(investors[0]!)).toBe(investorBefore + 300n);
    await expectSound();
  });

  it('follow postings whose commit event ran early or was rolled back with a savepoint (one event per transaction)', async () => {
    // migration 0204: only a transaction's first posting queues the deferred event that applies
    // the tally; the event, run early by SET CONSTRAINTS, or dropped with a savepoint, is queued again
    const [trustBefore, investorBefore] = [await current(trust), await current(investors[1]!)];
    const deposit = (dollars: string) => `
      with e as (insert into ledger_entries (kind, finalised_at) values ('DEPOSIT', now()) returning id)
      insert into ledger_postings (entry_id, ledger_account_id, amount)
      select e.id, v.account, v.amount from e,
        (values (${trust}::bigint, -${dollars}::numeric), (${investors[1]}::bigint, ${dollars}::numeric)) as v(account, amount);`;
    await t.ctx.database.exec(
      `begin; ${deposit('1.00')} set constraints all immediate; set constraints all deferred; ${deposit('2.00')} commit;`,
    );
    expect(await current(trust)).toBe(trustBefore - 300n);
    await t.ctx.database.exec(
      `begin; savepoint first; ${deposit('4.00')} rollback to savepoint first; ${deposit('8.00')} commit;`,
    );
    expect(await current(trust)).toBe(trustBefore - 1_100n);
    await t.ctx.database.exec(
      `begin; ${deposit('16.00')} set constraints all immediate; ${deposit('32.00')} ${deposit('64.00')} commit;`,
    );
    expect(await current(trust)).toBe(trustBefore - 12_300n);
    expect(await current(investors[1]!)).toBe(investorBefore + 12_300n);
    await expectSound();
  });

  it('follow a transaction that only finalises a pending entry', async () => {
    const investor = investors[1]!;
    const before = await balanceOf(t.ctx.db, trust);
    const entryId = await t.ctx.db.transaction().execute((trx) =>
      postEntry(
        trx,
        {
          kind: 'WITHDRAWAL',
          pending: true,
          postings: [
            { ledgerAccountId: investor, amountCents: -700n },
            { ledgerAccountId: trust, amountCents: 700n },
          ],
        },
        now(),
      ),
    );
    expect(await balanceOf(t.ctx.db, trust)).toMatchObject({
      currentCents: before.currentCents,
      pendingCreditsCents: before.pendingCreditsCents + 700n,
    });
    await t.ctx.db.transaction().execute((trx) => finaliseEntry(trx, entryId, now()));
    expect(await balanceOf(t.ctx.db, trust)).toMatchObject({
      currentCents: before.currentCents + 700n,
      pendingCreditsCents: before.pendingCreditsCents,
    });
    await expectSound();
  });

  it('a movement does not wait for another one still open on the same system account', async () => {
    // the second deposit's tally waits for its commit, the first's for its own
    await depositBesideAnOpenOne({ talliesFirst: false });
  });

  it('apply their tally at commit without waiting for another open transaction that applied its own', async () => {
    // each tally's deferred event runs before the other moves, as at commit: the open transaction
    // holds one of the trust bank's parts until it ends (before migration 0210: the trust bank's row)
    await depositBesideAnOpenOne({ talliesFirst: true });
  });

  it("keep zero in their ledger_accounts row: the balance is the sum of the account's parts", async () => {
    const parts = await sql<{ part: number; current: string }>`
      select part, current_balance::text as current from ledger_system_balance_parts
      where ledger_account_id = ${trust} order by part`.execute(t.ctx.db);
    expect(parts.rows.map((r) => r.part)).toEqual(Array.from({ length: 16 }, (_, i) => i));
    const summed = parts.rows.reduce((sum, r) => sum + centsFromString(r.current), 0n);
    expect(summed).toBe(await current(trust));
    const row = await t.ctx.db
      .selectFrom('ledgerAccounts')
      .select(['currentBalance', 'pendingDebits', 'pendingCredits'])
      .where('id', '=', trust)
      .executeTakeFirstOrThrow();
    expect([row.currentBalance, row.pendingDebits, row.pendingCredits].map(Number)).toEqual([0, 0, 0]);
    await expect(
      sql`update ledger_accounts set current_balance = 1 where id = ${trust}`.execute(t.ctx.db),
    ).rejects.toThrow(/ledger_accounts_system_balance_in_parts/);
  });
});

describe('postings a money function caches itself (migration 0212)', () => {
  // ledger_post_money and ledger_post_money_many write their postings' cached balances and the
  // system accounts' tally themselves and skip ledger_postings_cache for their own insert only
  const moved = (investor: number, dollars: string) => `
    select ledger_post_money(jsonb_build_object('now', now(), 'kind', 'DEPOSIT', 'rows', '[]'::jsonb,
      'other_postings', jsonb_build_array(
        jsonb_build_object('ledger_account_id', ${investor}, 'amount', '${dollars}'),
        jsonb_build_object('system_kind', 'TRUST_BANK', 'amount', '-${dollars}'))));`;
  const inserted = (investor: number, dollars: string) => `
    with e as (insert into ledger_entries (kind, finalised_at) values ('DEPOSIT', now()) returning id)
    insert into ledger_postings (entry_id, ledger_account_id, amount)
    select e.id, v.account, v.amount from e,
      (values (${trust}::bigint, -${dollars}::numeric), (${investor}::bigint, ${dollars}::numeric)) as v(account, amount);`;

  it('leave every other insert of postings to the trigger: in one transaction, after an early commit event, beside a savepoint', async () => {
    const investor = investors[2]!;
    const [trustBefore, investorBefore] = [await current(trust), await current(investor)];
    await t.ctx.database.exec(`begin; ${moved(investor, '1.00')} ${inserted(investor, '2.00')} commit;`);
    expect(await current(trust)).toBe(trustBefore - 300n);
    expect(await current(investor)).toBe(investorBefore + 300n);
    await t.ctx.database.exec(
      `begin; ${inserted(investor, '4.00')} set constraints all immediate; ${moved(investor, '8.00')} ${inserted(investor, '16.00')} commit;`,
    );
    await t.ctx.database.exec(
      `begin; savepoint first; ${moved(investor, '32.00')} rollback to savepoint first; ${moved(investor, '64.00')} set constraints all immediate; ${inserted(investor, '128.00')} commit;`,
    );
    expect(await current(trust)).toBe(trustBefore - 22_300n);
    expect(await current(investor)).toBe(investorBefore + 22_300n);
    await expectSound();
  });

  it('refuse an account that does not exist and write nothing', async () => {
    const [trustBefore, entriesBefore] = [
      await current(trust),
      (await sql<{ n: number }>`select count(*)::int as n from ledger_entries`.execute(t.ctx.db)).rows[0]!.n,
    ];
    await expect(t.ctx.database.exec(moved(999_999_999, '1.00'))).rejects.toThrow(
      'references a ledger account that does not exist',
    );
    expect(await current(trust)).toBe(trustBefore);
    expect((await sql<{ n: number }>`select count(*)::int as n from ledger_entries`.execute(t.ctx.db)).rows[0]!.n).toBe(
      entriesBefore,
    );
    await expectSound();
  });
});

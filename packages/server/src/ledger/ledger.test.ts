import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Executor } from '../platform/db/database';
import { createTestApp, type TestApp } from '../test-support/test-app';
import {
  balanceOf,
  createLedgerAccount,
  finaliseEntry,
  postEntry,
  reverseEntry,
  systemAccountId,
  voidEntry,
} from './ledger';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seed: 'none' });
});
afterAll(() => t.close());

const now = () => t.ctx.clock.now();

describe('ledger', () => {
  it('posts balanced entries, reserves with pending ones, finalises, voids and reverses', async () => {
    const { investor, trust } = await t.ctx.db.transaction().execute(async (trx) => ({
      investor: await createLedgerAccount(trx, 'INVESTOR_CASH', 'test investor'),
      trust: await systemAccountId(trx, 'TRUST_BANK'),
    }));
    const deposit = await t.ctx.db.transaction().execute((trx) =>
      postEntry(
        trx,
        {
          kind: 'DEPOSIT',
          postings: [
            { ledgerAccountId: trust, amountCents: -10_000n },
            { ledgerAccountId: investor, amountCents: 10_000n },
          ],
        },
        now(),
      ),
    );
    expect(await balanceOf(t.ctx.db, investor)).toMatchObject({ currentCents: 10_000n, availableCents: 10_000n });

    const withdrawal = await t.ctx.db.transaction().execute((trx) =>
      postEntry(
        trx,
        {
          kind: 'WITHDRAWAL',
          pending: true,
          postings: [
            { ledgerAccountId: investor, amountCents: -4_000n },
            { ledgerAccountId: trust, amountCents: 4_000n },
          ],
        },
        now(),
      ),
    );
    expect(await balanceOf(t.ctx.db, investor)).toMatchObject({ currentCents: 10_000n, availableCents: 6_000n });

    // the same available dollar cannot be reserved twice: the database refuses
    await expect(
      t.ctx.db.transaction().execute((trx) =>
        postEntry(
          trx,
          {
            kind: 'WITHDRAWAL',
            pending: true,
            postings: [
              { ledgerAccountId: investor, amountCents: -6_001n },
              { ledgerAccountId: trust, amountCents: 6_001n },
            ],
          },
          now(),
        ),
      ),
    ).rejects.toThrow();

    await t.ctx.db.transaction().execute((trx) => voidEntry(trx, withdrawal, now()));
    expect(await balanceOf(t.ctx.db, investor)).toMatchObject({ currentCents: 10_000n, availableCents: 10_000n });

    const second = await t.ctx.db.transaction().execute((trx) =>
      postEntry(
        trx,
        {
          kind: 'WITHDRAWAL',
          pending: true,
          postings: [
            { ledgerAccountId: investor, amountCents: -2_500n },
            { ledgerAccountId: trust, amountCents: 2_500n },
          ],
        },
        now(),
      ),
    );
    await t.ctx.db.transaction().execute((trx) => finaliseEntry(trx, second, now()));
    expect(await balanceOf(t.ctx.db, investor)).toMatchObject({ currentCents: 7_500n, availableCents: 7_500n });

    // reversing the whole deposit would leave the investor below zero: refused, nothing written
    await expect(
      t.ctx.db.transaction().execute((trx) => reverseEntry(trx, deposit, { kind: 'DEPOSIT_REVERSAL' }, now())),
    ).rejects.toThrow(/available_not_negative/);
    const small = await t.ctx.db.transaction().execute((trx) =>
      postEntry(
        trx,
        {
          kind: 'DEPOSIT',
          postings: [
            { ledgerAccountId: trust, amountCents: -500n },
            { ledgerAccountId: investor, amountCents: 500n },
          ],
        },
        now(),
      ),
    );
    const reversal = await t.ctx.db
      .transaction()
      .execute((trx) => reverseEntry(trx, small, { kind: 'DEPOSIT_REVERSAL' }, now()));
    expect(reversal).toBeGreaterThan(small);
    expect(await balanceOf(t.ctx.db, investor)).toMatchObject({ currentCents: 7_500n, availableCents: 7_500n });
    expect(await balanceOf(t.ctx.db, trust)).toMatchObject({ currentCents: -7_500n });
  });

  it('the database refuses an unbalanced entry and edits of postings', async () => {
    const trust = await systemAccountId(t.ctx.db, 'TRUST_BANK');
    const revenue = await systemAccountId(t.ctx.db, 'REVENUE');
    await expect(
      t.ctx.db.transaction().execute(async (trx) => {
        const entry = await trx
          .insertInto('ledgerEntries')
          .values({ kind: 'BAD', finalisedAt: now() })
          .returning('id')
          .executeTakeFirstOrThrow();
        await trx
          .insertInto('ledgerPostings')
          .values([
            { entryId: entry.id, ledgerAccountId: trust, amount: '-1.00' },
            { entryId: entry.id, ledgerAccountId: revenue, amount: '0.99' },
          ])
          .execute();
      }),
    ).rejects.toThrow(/does not balance/);
    await expect(t.ctx.db.updateTable('ledgerPostings').set({ amount: '5.00' }).execute()).rejects.toThrow(
      /append-only/,
    );
    await expect(t.ctx.db.deleteFrom('ledgerEntries').execute()).rejects.toThrow(/append-only/);
  });

  it('refuses postings that do not balance by themselves, whatever the entry had or gets later (migration 0204)', async () => {
    const trust = await systemAccountId(t.ctx.db, 'TRUST_BANK');
    const revenue = await systemAccountId(t.ctx.db, 'REVENUE');
    const post = (entryId: number, amounts: [number, string][]) =>
      sql`insert into ledger_postings (entry_id, ledger_account_id, amount)
        select * from unnest(
          ${amounts.map(() => entryId)}::bigint[],
          ${amounts.map(([account]) => account)}::bigint[],
          ${amounts.map(([, amount]) => amount)}::numeric[])`;
    const newEntry = async (trx: Executor) =>
      (
        await trx
          .insertInto('ledgerEntries')
          .values({ kind: 'TEST', finalisedAt: now() })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;
    // an entry built by two statements that balance only together: refused at the first
    await expect(
      t.ctx.db.transaction().execute(async (trx) => {
        const entry = await newEntry(trx);
        await post(entry, [[trust, '-1.00']]).execute(trx);
        await post(entry, [[revenue, '1.00']]).execute(trx);
      }),
    ).rejects.toThrow(/does not balance/);
    // a balanced entry, then a posting added to it later: refused, with the check made early or not
    const entry = await t.ctx.db.transaction().execute(async (trx) => {
      const id = await newEntry(trx);
      await post(id, [
        [trust, '-2.00'],
        [revenue, '2.00'],
      ]).execute(trx);
      return id;
    });
    await expect(
      t.ctx.db.transaction().execute((trx) => post(entry, [[revenue, '0.01']]).execute(trx)),
    ).rejects.toThrow(/does not balance/);
    await expect(
      t.ctx.db.transaction().execute(async (trx) => {
        await sql`set constraints all immediate`.execute(trx);
        await post(entry, [[trust, '-0.01']]).execute(trx);
      }),
    ).rejects.toThrow(/does not balance/);
    const sum = await sql<{ total: string; n: number }>`select sum(amount)::text as total, count(*)::int as n
      from ledger_postings where entry_id = ${entry}`.execute(t.ctx.db);
    expect(sum.rows[0]).toMatchObject({ n: 2 });
    expect(Number(sum.rows[0]!.total)).toBe(0);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
});

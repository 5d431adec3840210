import { centsFromString } from '@lm/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createInvestmentAccount } from '../accounts';
import { systemAudit } from '../platform/audit/audit';
import { createTestApp, type TestApp } from '../test-support/test-app';
import { systemAccountId } from './ledger';
import {
  balancesOf,
  finaliseMoney,
  lockForMovement,
  postMoney,
  postMoneyMany,
  reverseMoney,
  voidMoney,
} from './post-money';

let t: TestApp;
let account: number;
let other: number;
let trust: number;
beforeAll(async () => {
  t = await createTestApp({ seed: 'none' });
  const audit = systemAudit('test');
  await t.ctx.db.transaction().execute(async (trx) => {
    account = await createInvestmentAccount(trx, { name: 'Postings A' }, audit, t.ctx.clock.now());
    other = await createInvestmentAccount(trx, { name: 'Postings B' }, audit, t.ctx.clock.now());
    trust = await systemAccountId(trx, 'TRUST_BANK');
  });
});
afterAll(() => t.close());

const minute = 60_000;
const at = (base: Date, minutes: number) => new Date(base.getTime() + minutes * minute);

async function rows(investmentAccountId: number) {
  return t.ctx.db
    .selectFrom('accountTransactions')
    .select([
      'id',
      'type',
      'status',
      'amount',
      'grossAmount',
      'runningBalance',
      'finalisedDate',
      'reversalTransactionId',
    ])
    .where('investmentAccountId', '=', investmentAccountId)
    .orderBy('finalisedDate')
    .orderBy('id')
    .execute();
}

describe('account postings', () => {
  it('writes rows with the entry, keeps running balances in finalised order, finalises, voids and reverses', async () => {
    const base = t.ctx.clock.now();
    const deposit = (cents: bigint, when: Date) =>
      t.ctx.db.transaction().execute((trx) =>
        postMoney(
          trx,
          {
            kind: 'DEPOSIT',
            accountRows: [{ investmentAccountId: account, type: 'DEPOSIT', amountCents: cents, effectiveDate: when }],
            otherPostings: [{ ledgerAccountId: trust, amountCents: -cents }],
          },
          base,
        ),
      );
    await deposit(100_00n, at(base, -60));
    const withdrawal = await t.ctx.db.transaction().execute((trx) =>
      postMoney(
        trx,
        {
          kind: 'WITHDRAWAL',
          pending: true,
          accountRows: [{ investmentAccountId: account, type: 'WITHDRAWAL', amountCents: -30_00n }],
          otherPostings: [{ ledgerAccountId: trust, amountCents: 30_00n }],
        },
        base,
      ),
    );
    expect(await balancesOf(t.ctx.db, account)).toEqual({ currentCents: 100_00n, availableCents: 70_00n });
    // a back-dated deposit goes before the first one and moves its running balance
    await deposit(5_00n, at(base, -120));
    let list = await rows(account);
    expect(list.map((r) => [r.type, r.status, r.runningBalance])).toEqual([
      ['DEPOSIT', 'PAID', '5.00'],
      ['DEPOSIT', 'PAID', '105.00'],
      ['WITHDRAWAL', 'PENDING', null],
    ]);
    expect(list[2]!.grossAmount).toBe('30.00');

    await t.ctx.db.transaction().execute((trx) => finaliseMoney(trx, withdrawal.entryId, at(base, 1)));
    list = await rows(account);
    expect(list.at(-1)).toMatchObject({ status: 'PAID', runningBalance: '75.00' });
    expect(await balancesOf(t.ctx.db, account)).toEqual({ currentCents: 75_00n, availableCents: 75_00n });

    const cancelled = await t.ctx.db.transaction().execute((trx) =>
      postMoney(
        trx,
        {
          kind: 'WITHDRAWAL',
          pending: true,
          accountRows: [{ investmentAccountId: account, type: 'WITHDRAWAL', amountCents: -10_00n }],
          otherPostings: [{ ledgerAccountId: trust, amountCents: 10_00n }],
        },
        at(base, 2),
      ),
    );
    await t.ctx.db.transaction().execute((trx) => voidMoney(trx, cancelled.entryId, at(base, 3)));
    list = await rows(account);
    expect(list.at(-1)).toMatchObject({ status: 'CANCELLED', runningBalance: '75.00' });
    expect(list.at(-1)!.finalisedDate).toEqual(at(base, 3));

    // a transfer: both sides in one entry, then reversed
    const transfer = await t.ctx.db.transaction().execute((trx) =>
      postMoney(
        trx,
        {
          kind: 'TRANSFER',
          accountRows: [
            { investmentAccountId: account, type: 'TRANSFER_OUT', amountCents: -25_00n, counterpartAccountId: other },
            { investmentAccountId: other, type: 'TRANSFER_IN', amountCents: 25_00n, counterpartAccountId: account },
          ],
        },
        at(base, 4),
      ),
    );
    expect(transfer.transactionIds).toHaveLength(2);
    const reversal = await t.ctx.db
      .transaction()
      .execute((trx) => reverseMoney(trx, transfer.entryId, { comment: 'mistake' }, at(base, 5)));
    const [out, into] = await t.ctx.db
      .selectFrom('accountTransactions')
      .selectAll()
      .where('id', 'in', reversal.transactionIds)
      .orderBy('id')
      .execute();
    expect(out).toMatchObject({
      type: 'TRANSFER_OUT_REVERSAL',
      amount: '25.00',
      reversesTransactionId: transfer.transactionIds[0],
    });
    expect(into).toMatchObject({ type: 'TRANSFER_IN_REVERSAL', amount: '-25.00', runningBalance: '0.00' });
    const original = await t.ctx.db
      .selectFrom('accountTransactions')
      .select('reversalTransactionId')
      .where('id', '=', transfer.transactionIds[0]!)
      .executeTakeFirstOrThrow();
    expect(original.reversalTransactionId).toBe(out!.id);
    const entry = await t.ctx.db
      .selectFrom('ledgerEntries')
      .select(['reversesEntryId', 'kind'])
      .where('id', '=', reversal.entryId)
      .executeTakeFirstOrThrow();
    expect(entry).toEqual({ reversesEntryId: transfer.entryId, kind: 'TRANSFER_REVERSAL' });
    expect(await balancesOf(t.ctx.db, account)).toEqual({ currentCents: 75_00n, availableCents: 75_00n });

    // once only, and never a reversal of a reversal
    await expect(
      t.ctx.db.transaction().execute((trx) => reverseMoney(trx, transfer.entryId, {}, at(base, 6))),
    ).rejects.toThrow();
    await expect(
      t.ctx.db.transaction().execute((trx) => reverseMoney(trx, reversal.entryId, {}, at(base, 6))),
    ).rejects.toThrow(/itself a reversal/);

    const trustBalance = await t.ctx.db
      .selectFrom('ledgerAccountBalances')
      .select('currentBalance')
      .where('id', '=', trust)
      .executeTakeFirstOrThrow();
    expect(centsFromString(trustBalance.currentBalance)).toBe(-75_00n);
  });

  it('refuses a debit beyond the available balance and leaves nothing behind', async () => {
    const before = (await rows(other)).length;
    await expect(
      t.ctx.db.transaction().execute((trx) =>
        postMoney(
          trx,
          {
            kind: 'WITHDRAWAL',
            pending: true,
            accountRows: [{ investmentAccountId: other, type: 'WITHDRAWAL', amountCents: -1n }],
            otherPostings: [{ ledgerAccountId: trust, amountCents: 1n }],
          },
          t.ctx.clock.now(),
        ),
      ),
    ).rejects.toThrow(/available_not_negative/);
    expect((await rows(other)).length).toBe(before);
  });

  it('writes many movements in one call with every field of every row as given, text of any kind included', async () => {
    const now = at(t.ctx.clock.now(), 60);
    const awkward = 'Quote " comma, brace {x} backslash \\ NULL — ünïcode';
    const before = await balancesOf(t.ctx.db, other);
    const posted = await t.ctx.db.transaction().execute((trx) =>
      postMoneyMany(
        trx,
        [
          {
            kind: 'DEPOSIT',
            accountRows: [
              {
                investmentAccountId: other,
                type: 'DEPOSIT',
                amountCents: 10_00n,
                comment: awkward,
                investorComment: null,
              },
            ],
            otherPostings: [{ ledgerAccountId: trust, amountCents: -10_00n }],
          },
          {
            kind: 'TRANSFER',
            accountRows: [
              {
                investmentAccountId: other,
                type: 'TRANSFER_OUT',
                amountCents: -4_00n,
                counterpartAccountId: account,
                comment: 'NULL',
              },
              {
                investmentAccountId: account,
                type: 'TRANSFER_IN',
                amountCents: 4_00n,
                counterpartAccountId: other,
                investorComment: '',
              },
            ],
          },
        ],
        now,
      ),
    );
    expect(posted).toHaveLength(2);
    expect(posted[1]!.transactionIds).toHaveLength(2);
    const written = await t.ctx.db
      .selectFrom('accountTransactions')
      .selectAll()
      .where(
        'id',
        'in',
        posted.flatMap((p) => p.transactionIds),
      )
      .orderBy('id')
      .execute();
    expect(written.map((r) => [r.type, r.comment, r.investorComment, r.counterpartAccountId])).toEqual([
      ['DEPOSIT', awkward, null, null],
      ['TRANSFER_OUT', 'NULL', null, account],
      ['TRANSFER_IN', null, '', other],
    ]);
    expect(written.map((r) => r.ledgerEntryId)).toEqual([posted[0]!.entryId, posted[1]!.entryId, posted[1]!.entryId]);
    expect(written.every((r) => r.status === 'PAID' && r.finalisedDate?.getTime() === now.getTime())).toBe(true);
    const beforeCents = before.currentCents;
    expect(centsFromString(written[0]!.runningBalance!)).toBe(beforeCents + 10_00n);
    expect(centsFromString(written[1]!.runningBalance!)).toBe(beforeCents + 6_00n);
    expect((await balancesOf(t.ctx.db, other)).currentCents).toBe(beforeCents + 6_00n);
  });

  it('does not lock again what lockForMovement locked in the same transaction, and locks the rest (migration 0205)', async () => {
    const now = at(t.ctx.clock.now(), 90);
    const [accountBefore, otherBefore] = [await balancesOf(t.ctx.db, account), await balancesOf(t.ctx.db, other)];
    const deposit = (investmentAccountId: number, cents: bigint) => ({
      kind: 'DEPOSIT',
      accountRows: [{ investmentAccountId, type: 'DEPOSIT' as const, amountCents: cents }],
      otherPostings: [{ ledgerAccountId: trust, amountCents: -cents }],
    });
    // only the first account locked by the caller: the function locks the other itself
    await t.ctx.db.transaction().execute(async (trx) => {
      const locked = await lockForMovement(trx, [account], [trust]);
      await postMoneyMany(trx, [deposit(account, 1_00n), deposit(other, 2_00n)], now, locked);
    });
    expect((await balancesOf(t.ctx.db, account)).currentCents).toBe(accountBefore.currentCents + 1_00n);
    expect((await balancesOf(t.ctx.db, other)).currentCents).toBe(otherBefore.currentCents + 2_00n);
    // what another transaction locked (and has since released) is no lock of this one
    const elsewhere = await t.ctx.db.transaction().execute((trx) => lockForMovement(trx, [account]));
    await expect(
      t.ctx.db.transaction().execute((trx) => postMoneyMany(trx, [deposit(account, 1n)], now, elsewhere)),
    ).rejects.toThrow(/another transaction/);
  });
});

import { type Cents, centsFromString, Decimal, houseAccountId, sumCents } from '@lm/domain';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkLedger } from '../ledger';
import { systemAudit } from '../platform/audit/audit';
import { createTestApp, type TestApp } from '../test-support/test-app';
import { fractionaliseRepayments } from './fractionalise-repayments';
import { publishReceipts } from './publish-receipts';
import { brokenLedgerInvariants, createDeployedLoan, deposit, openFundedAccount } from './repayments.test-support';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seed: 'none', clockNow: '2027-03-05T10:00:00+11:00' });
  // the house account pays interest top-ups to mandate rates above base
  await deposit(t.ctx, houseAccountId, 100_000_000_000n);
});
afterAll(() => t.close());

const audit = systemAudit('test');
/** Rates in hundredths of a percent: the base, and each holder's rate at or below it, or above it on a mandate. */
const caseArb = fc.record({
  baseHundredths: fc.integer({ min: 1, max: 2500 }),
  investments: fc.array(
    fc.record({
      amountCents: fc.bigInt({ min: 1n, max: 5_000_000_000n }),
      rateFraction: fc.integer({ min: 1, max: 10_000 }),
      mandateAboveHundredths: fc.option(fc.integer({ min: 1, max: 1_000 }), { freq: 4 }),
      isForeign: fc.boolean(),
    }),
    { minLength: 1, maxLength: 6 },
  ),
  houseHolds: fc.boolean(),
  principalFraction: fc.integer({ min: 0, max: 10_000 }),
  interestCents: fc.bigInt({ min: 0n, max: 50_000_000n }),
  excessCents: fc.bigInt({ min: 0n, max: 100_000n }),
});

/** Publishes one receipt paying exactly `amountCents` for the loan's repayment due that day; its loan transaction's id. */
async function publishOne(loanId: number, thirdPartyId: string, dueDate: string, amountCents: Cents): Promise<number> {
  const published = await publishReceipts(
    t.ctx,
    [{ loanId, thirdPartyId, dueDate, netAmount: amountCents, grossAmount: amountCents, batchNumber: 'X' }],
    null,
    audit,
  );
  return published.receipts[0]!.loanTransactionId;
}

const percent = (hundredths: number) => new Decimal(hundredths).dividedBy(100).toString();

let receiptNumber = 0;

describe('fractionalising through the ledger (property)', () => {
  it('investor pieces + commission + tax withheld = the repayment; principal within a cent of pro rata; nothing negative; ledger invariants hold', async () => {
    await fc.assert(
      fc.asyncProperty(caseArb, async (c) => {
        const amountCents = sumCents(c.investments.map((i) => i.amountCents));
        const principalCents = (amountCents * BigInt(c.principalFraction)) / 10_000n;
        if (principalCents === 0n && c.interestCents === 0n) return;
        const holders = [];
        for (const [index, inv] of c.investments.entries()) {
          const rateHundredths =
            inv.mandateAboveHundredths === null
              ? Math.max(1, Math.floor((c.baseHundredths * inv.rateFraction) / 10_000))
              : c.baseHundredths + inv.mandateAboveHundredths;
          // the house account holds the first investment when it holds one (once per loan)
          const house = c.houseHolds && index === 0 && inv.mandateAboveHundredths === null;
          const accountId = house
            ? houseAccountId
            : await openFundedAccount(t.ctx, {
                name: `Property holder ${index}`,
                isForeign: inv.isForeign,
                depositCents: inv.amountCents,
              });
          if (house) await deposit(t.ctx, houseAccountId, inv.amountCents);
          holders.push({ accountId, amountCents: inv.amountCents, rate: percent(rateHundredths) });
        }
        const loan = await createDeployedLoan(t.ctx, {
          amountCents,
          baseRate: percent(c.baseHundredths),
          // the schedule's principal adds up to the amount: the rest falls due later
          schedule: [
            { dueDate: '2027-03-01', principalDueCents: principalCents, interestDueCents: c.interestCents },
            { dueDate: '2027-04-01', principalDueCents: amountCents - principalCents, interestDueCents: 1n },
          ],
          investments: holders,
        });
        receiptNumber += 1;
        const netCents = principalCents + c.interestCents + c.excessCents;
        const published = await publishReceipts(
          t.ctx,
          [
            {
              loanId: loan.loanId,
              thirdPartyId: `PROP-${receiptNumber}`,
              dueDate: '2027-03-01',
              netAmount: netCents,
              grossAmount: netCents,
              batchNumber: 'PROP',
            },
          ],
          null,
          audit,
        );
        const loanTransactionId = published.receipts[0]!.loanTransactionId;
        const [result] = await fractionaliseRepayments(t.ctx, [loanTransactionId], null, audit);
        expect(result?.ledgerEntryId).not.toBeNull();

        const rows = await t.ctx.db
          .selectFrom('accountTransactions')
          .select(['type', 'amount', 'principalAmount', 'interestAmount', 'taxWithheldAmount', 'investmentId'])
          .where('ledgerEntryId', '=', result!.ledgerEntryId!)
          .execute();
        const taxPosting = await t.ctx.db
          .selectFrom('ledgerPostings')
          .innerJoin('ledgerAccounts', 'ledgerAccounts.id', 'ledgerPostings.ledgerAccountId')
          .select('ledgerPostings.amount')
          .where('ledgerPostings.entryId', '=', result!.ledgerEntryId!)
          .where('ledgerAccounts.kind', '=', 'TAX_WITHHELD_PAYABLE')
          .execute();
        const cents = (v: string) => centsFromString(v);
        const of = (type: string) => rows.filter((r) => r.type === type);
        const repaymentCash = sumCents(of('REPAYMENT').map((r) => cents(r.amount)));
        const commission = sumCents(of('COMMISSION').map((r) => cents(r.amount)));
        const topUps = -sumCents(of('INTEREST_TOP_UP').map((r) => cents(r.amount)));
        const tax = sumCents(taxPosting.map((p) => cents(p.amount)));

        // the investors' pieces plus commission plus tax withheld are the repayment (top-ups come from 555)
        expect(repaymentCash + commission + tax - topUps).toBe(principalCents + c.interestCents);
        expect(sumCents(of('REPAYMENT').map((r) => cents(r.principalAmount)))).toBe(principalCents);
        expect(sumCents(of('REPAYMENT').map((r) => cents(r.taxWithheldAmount)))).toBe(tax);

        // every principal piece within one cent of its exact pro-rata share
        const investments = await t.ctx.db
          .selectFrom('investments')
          .select(['id', 'investedAmount', 'principalRepaid'])
          .where('loanId', '=', loan.loanId)
          .execute();
        for (const inv of investments) {
          const piece = cents(inv.principalRepaid);
          const exact = new Decimal(principalCents.toString())
            .times(cents(inv.investedAmount).toString())
            .dividedBy(amountCents.toString());
          expect(exact.minus(piece.toString()).abs().lessThan(1)).toBe(true);
        }

        // nobody gets a negative amount
        for (const r of of('REPAYMENT')) {
          for (const v of [r.amount, r.principalAmount, r.interestAmount, r.taxWithheldAmount]) {
            expect(cents(v) >= 0n).toBe(true);
          }
        }
        expect(commission >= 0n).toBe(true);
        expect(tax >= 0n).toBe(true);

        // the excess stays in the loan's collections; everything else left it
        const collections = await t.ctx.db
          .selectFrom('loans')
          .innerJoin('ledgerAccounts', 'ledgerAccounts.id', 'loans.collectionsLedgerAccountId')
          .select('ledgerAccounts.currentBalance')
          .where('loans.id', '=', loan.loanId)
          .executeTakeFirstOrThrow();
        expect(cents(collections.currentBalance)).toBe(c.excessCents);
        expect(await brokenLedgerInvariants(t.ctx)).toEqual([]);
      }),
      { numRuns: 12 },
    );
    // and the money core's ledger check (npm run ledger:check) over the whole database
    expect((await checkLedger(t.ctx.db)).problems).toEqual([]);
    // each run creates, funds and deploys a loan through the services: allow for a busy machine
  }, 180_000);

  it('a fractionalised transaction is refused, and a refused batch moves nothing', async () => {
    const a = await openFundedAccount(t.ctx, { name: 'Single holder', depositCents: 100_000n });
    const loan = await createDeployedLoan(t.ctx, {
      amountCents: 100_000n,
      baseRate: '10',
      schedule: [
        { dueDate: '2027-02-01', principalDueCents: 50_000n, interestDueCents: 1_000n },
        { dueDate: '2027-03-01', principalDueCents: 50_000n, interestDueCents: 500n },
      ],
      investments: [{ accountId: a, amountCents: 100_000n, rate: '10' }],
    });
    const published = await publishReceipts(
      t.ctx,
      [
        {
          loanId: loan.loanId,
          thirdPartyId: 'ONE-1',
          dueDate: '2027-02-01',
          netAmount: 51_000n,
          grossAmount: 51_000n,
          batchNumber: 'X',
        },
        {
          loanId: loan.loanId,
          thirdPartyId: 'ONE-2',
          dueDate: '2027-03-01',
          netAmount: 50_500n,
          grossAmount: 50_500n,
          batchNumber: 'X',
        },
      ],
      null,
      audit,
    );
    const [first, second] = published.receipts.map((r) => r.loanTransactionId) as [number, number];
    await fractionaliseRepayments(t.ctx, [first], null, audit);
    await expect(fractionaliseRepayments(t.ctx, [second, first], null, audit)).rejects.toThrow(
      `Loan transaction ${first} has already been fractionalised.`,
    );
    const untouched = await t.ctx.db
      .selectFrom('loanTransactions')
      .select('fractionalisedDate')
      .where('id', '=', second)
      .executeTakeFirstOrThrow();
    expect(untouched.fractionalisedDate).toBeNull();
    // the loan is repaid in full once both are published: Closed
    const status = await t.ctx.db
      .selectFrom('loans')
      .select('status')
      .where('id', '=', loan.loanId)
      .executeTakeFirstOrThrow();
    expect(status.status).toBe('CLOSED');
    expect(await brokenLedgerInvariants(t.ctx)).toEqual([]);
  });

  it('a top-up the house account cannot cover is refused with the reason, and nothing moves', async () => {
    const house = await t.ctx.db
      .selectFrom('investmentAccounts')
      .innerJoin('ledgerAccounts', 'ledgerAccounts.id', 'investmentAccounts.ledgerAccountId')
      .select(['ledgerAccounts.currentBalance', 'ledgerAccounts.pendingDebits'])
      .where('investmentAccounts.id', '=', houseAccountId)
      .executeTakeFirstOrThrow();
    const houseAvailable: Cents = centsFromString(house.currentBalance) - centsFromString(house.pendingDebits);
    const mandate = await openFundedAccount(t.ctx, {
      name: 'Mandate holder',
      depositCents: 100_000n,
      mandateRate: '30',
    });
    const loan = await createDeployedLoan(t.ctx, {
      amountCents: 100_000n,
      baseRate: '1',
      schedule: [
        { dueDate: '2027-03-01', principalDueCents: 0n, interestDueCents: houseAvailable },
        { dueDate: '2027-04-01', principalDueCents: 100_000n, interestDueCents: 0n },
      ],
      investments: [{ accountId: mandate, amountCents: 100_000n, rate: '30' }],
    });
    const id = await publishOne(loan.loanId, 'TOPUP-1', '2027-03-01', houseAvailable);
    const houseRefusal = new RegExp(
      `^Loan transaction ${id} cannot be fractionalised: the house account 555 must pay interest top-ups of \\$`,
    );
    await expect(fractionaliseRepayments(t.ctx, [id], null, audit)).rejects.toThrow(houseRefusal);

    // a later repayment of the batch that the split refuses (its loan has no principal outstanding):
    // the batch is taken in id order, so the repayment before it that the house cannot cover is named
    const holder = await openFundedAccount(t.ctx, { name: 'Repaid holder', depositCents: 50_000n });
    const repaidLoan = await createDeployedLoan(t.ctx, {
      amountCents: 50_000n,
      baseRate: '10',
      schedule: [{ dueDate: '2027-03-01', principalDueCents: 50_000n, interestDueCents: 400n }],
      investments: [{ accountId: holder, amountCents: 50_000n, rate: '10' }],
    });
    const laterId = await publishOne(repaidLoan.loanId, 'NO-HOLDERS-1', '2027-03-01', 50_400n);
    await t.ctx.db
      .updateTable('investments')
      .set((eb) => ({ principalRepaid: eb.ref('investedAmount') }))
      .where('loanId', '=', repaidLoan.loanId)
      .execute();
    await expect(fractionaliseRepayments(t.ctx, [laterId], null, audit)).rejects.toThrow(
      `Loan transaction ${laterId} cannot be fractionalised: loan ${repaidLoan.loanId} has no deployed investments with principal outstanding.`,
    );
    await expect(fractionaliseRepayments(t.ctx, [laterId, id], null, audit)).rejects.toThrow(houseRefusal);

    const rows = await t.ctx.db
      .selectFrom('accountTransactions')
      .select('id')
      .where('loanTransactionId', 'in', [id, laterId])
      .execute();
    expect(rows).toEqual([]);
    await t.ctx.db
      .updateTable('investments')
      .set({ principalRepaid: '0' })
      .where('loanId', '=', repaidLoan.loanId)
      .execute();
    expect(await brokenLedgerInvariants(t.ctx)).toEqual([]);
  });
});

import { addDays, type Cents, centsFromNumber, centsToNumber, sydneyDate } from '@lm/domain';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkLedger } from '../ledger';
import { systemAudit } from '../platform/audit/audit';
import { fractionaliseRepayments, publishReceipts } from '../repayments';
import { createDeployedLoan, openFundedAccount } from '../repayments/repayments.test-support';
import { createTestApp, type TestApp } from '../test-support/test-app';
import { confirmPayout, findPayoutReceipt, previewPayout } from './payout-loan';

/**
 * The completed payout equals its preview to the cent (DOMAIN.md "Payout"), over random loans
 * (2 to 5 repayments of random principal and interest, due dates around today) and random dates
 * (any open repayment date up to 31 days ahead), after random receipts have paid part of the loan:
 * confirming answers the preview's plan; publishing the payout receipt pays exactly the payout
 * principal and interest of the payout repayment, with no excess, whatever earlier repayment is
 * still owed; fractionalising it pays the holders exactly the payout principal; the ledger holds.
 */

const audit = systemAudit('payout-property-test');
const runs = 12;
let t: TestApp;
let sequence = 0;

beforeAll(async () => {
  t = await createTestApp({ seed: 'none', clockNow: '2027-03-05T10:00:00+11:00' });
}, 600_000);
afterAll(() => t?.close());

const scenario = fc.record({
  firstDueOffset: fc.integer({ min: -70, max: 25 }),
  repayments: fc.array(
    fc.record({
      gapDays: fc.integer({ min: 14, max: 35 }),
      principalCents: fc.bigInt({ min: 10_000n, max: 5_000_000n }),
      interestCents: fc.bigInt({ min: 0n, max: 300_000n }),
    }),
    { minLength: 2, maxLength: 5 },
  ),
  // receipts before the payout, each a part of what the loan owes (per mille)
  receipts: fc.array(fc.integer({ min: 1, max: 600 }), { maxLength: 3 }),
  firstShare: fc.integer({ min: 1, max: 99 }),
  payoutPick: fc.nat(),
});

describe('payout', () => {
  it('property: the completed payout equals its preview to the cent', async () => {
    const today = sydneyDate(t.ctx.clock.now());
    await fc.assert(
      fc.asyncProperty(scenario, async (s) => {
        sequence += 1;
        let due = addDays(today, s.firstDueOffset);
        const schedule = s.repayments.map((r, index) => {
          if (index > 0) due = addDays(due, r.gapDays);
          return { dueDate: due, principalDueCents: r.principalCents, interestDueCents: r.interestCents };
        });
        const amountCents = schedule.reduce((sum, r) => sum + r.principalDueCents, 0n);
        const firstCents = (amountCents * BigInt(s.firstShare)) / 100n || 1n;
        const a = await openFundedAccount(t.ctx, { name: `Payout A ${sequence}`, depositCents: firstCents });
        const b = await openFundedAccount(t.ctx, {
          name: `Payout B ${sequence}`,
          depositCents: amountCents - firstCents,
        });
        const loan = await createDeployedLoan(t.ctx, {
          thirdPartyId: `PAYOUT-PROP-${process.pid}-${sequence}`,
          amountCents,
          baseRate: '12.5',
          schedule,
          investments: [
            { accountId: a, amountCents: firstCents, rate: '10.5' },
            { accountId: b, amountCents: amountCents - firstCents, rate: '12.5' },
          ],
        });
        const owedCents = amountCents + schedule.reduce((sum, r) => sum + r.interestDueCents, 0n);
        // part of the loan paid before the payout, oldest repayment first
        let paidSoFar = 0n;
        for (const [index, perMille] of s.receipts.entries()) {
          const cents: Cents = (owedCents * BigInt(perMille)) / 3000n;
          if (cents <= 0n || paidSoFar + cents >= owedCents) continue;
          paidSoFar += cents;
          await publishReceipts(
            t.ctx,
            [
              {
                loanId: loan.loanId,
                thirdPartyId: `PP-${loan.loanId}-${index}`,
                dueDate: today,
                netAmount: cents,
                grossAmount: cents,
                batchNumber: `PP-${loan.loanId}`,
              },
            ],
            null,
            audit,
          );
        }
        const open = await t.ctx.db
          .selectFrom('repayments')
          .select('dueDate')
          .where('loanId', '=', loan.loanId)
          .where('status', 'in', ['UNPAID', 'PARTIALLY_PAID', 'IN_ARREARS'])
          .where('dueDate', '<=', addDays(today, 31))
          .orderBy('dueDate')
          .execute();
        if (open.length === 0) return; // nothing payable within the window: nothing to compare
        const payoutDate = open[s.payoutPick % open.length]!.dueDate;

        const preview = await previewPayout(t.ctx, { loanId: loan.loanId, payoutDate });
        expect(preview.canComplete).toBe(true);
        const done = await confirmPayout(t.ctx, { loanId: loan.loanId, payoutDate }, audit);
        expect({ ...done, payoutRepayment: { ...done.payoutRepayment, id: null } }).toEqual(preview);
        expect(preview.payoutAmount).toBe(
          centsToNumber(centsFromNumber(preview.principalAmount) + centsFromNumber(preview.interestAmount)),
        );

        // the receipt the loan screen shows is the preview's, and it pays the payout repayment exactly
        const state = await findPayoutReceipt(t.ctx, loan.loanId);
        expect(state?.receipt).toEqual(preview.payoutReceipt);
        const published = await publishReceipts(
          t.ctx,
          [
            {
              ...preview.payoutReceipt,
              netAmount: centsFromNumber(preview.payoutReceipt.netAmount),
              grossAmount: centsFromNumber(preview.payoutReceipt.grossAmount),
            },
          ],
          null,
          audit,
        );
        const receipt = published.receipts[0]!;
        expect(receipt).toMatchObject({
          repaymentId: done.payoutRepayment.id,
          principalAmount: preview.principalAmount,
          interestAmount: preview.interestAmount,
          excessAmount: 0,
        });
        const [fractionalised] = await fractionaliseRepayments(t.ctx, [receipt.loanTransactionId], null, audit);
        expect(fractionalised?.principalAmount).toBe(preview.principalAmount);
        expect(fractionalised?.interestAmount).toBe(preview.interestAmount);
        expect((await findPayoutReceipt(t.ctx, loan.loanId))?.fractionalisedDate).not.toBeNull();
        expect((await checkLedger(t.ctx.db)).problems).toEqual([]);
      }),
      { numRuns: runs },
    );
  }, 1_200_000);
});

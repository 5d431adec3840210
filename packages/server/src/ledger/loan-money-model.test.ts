import { addDays, type Cents, centsFromString, centsToNumber, createLoanBody, sydneyDate } from '@lm/domain';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deployLoan, investInLoan, reverseInvestment } from '../investments';
import { createLoan, writeOffLoan } from '../loans';
import { systemAudit } from '../platform/audit/audit';
import { fractionaliseRepayments, publishReceipts } from '../repayments';
import { openFundedAccount } from '../repayments/repayments.test-support';
import { createTestApp, type TestApp } from '../test-support/test-app';
import { checkLedger } from './ledger-check';

/**
 * A model-based property test of the money amounts kept beside the ledger (docs/domain.md "The
 * ledger check"): random sequences of investments and reversals, then the deploy, receipts,
 * fractionalisations and write-offs run against the real services and against a model of the
 * loan's funded amount and of each repayment's paid and written-off principal and interest (the
 * model's own arithmetic: receipts and write-offs take the oldest repayment still owed first,
 * interest first for receipts). After every step the kept columns equal the model's and every
 * ledger invariant holds, the kept-amount checks among them.
 */

const audit = systemAudit('loan-money-model-test');
const runs = 6;
let t: TestApp;
let sequence = 0;

beforeAll(async () => {
  t = await createTestApp({ seed: 'none', clockNow: '2027-03-05T10:00:00+11:00' });
}, 600_000);
afterAll(() => t?.close());

interface ModelRepayment {
  id: number;
  principalDue: Cents;
  interestDue: Cents;
  principalPaid: Cents;
  interestPaid: Cents;
  principalWrittenOff: Cents;
  interestWrittenOff: Cents;
}

const principalOwed = (r: ModelRepayment) => r.principalDue - r.principalPaid - r.principalWrittenOff;
const interestOwed = (r: ModelRepayment) => r.interestDue - r.interestPaid - r.interestWrittenOff;
const min = (a: Cents, b: Cents) => (a < b ? a : b);

const fundingStep = fc.oneof(
  fc.record({ kind: fc.constant('invest' as const), account: fc.nat(2), share: fc.integer({ min: 1, max: 40 }) }),
  fc.record({ kind: fc.constant('reverse' as const), pick: fc.nat() }),
);
const repayingStep = fc.oneof(
  fc.record({ kind: fc.constant('receipt' as const), perMille: fc.integer({ min: 1, max: 400 }) }),
  fc.record({ kind: fc.constant('fractionalise' as const) }),
  fc.record({
    kind: fc.constant('writeOff' as const),
    principalShare: fc.integer({ min: 0, max: 60 }),
    interestShare: fc.integer({ min: 0, max: 100 }),
  }),
);

describe('the kept money amounts follow the model', () => {
  it('property: funded amount and repayments paid and written off equal the model after every step; the ledger holds', async () => {
    const today = sydneyDate(t.ctx.clock.now());
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.bigInt({ min: 50_000n, max: 2_000_000n }), { minLength: 2, maxLength: 4 }),
        fc.array(fundingStep, { maxLength: 5 }),
        fc.array(repayingStep, { minLength: 1, maxLength: 6 }),
        async (principals, fundingSteps, repayingSteps) => {
          sequence += 1;
          const amountCents = principals.reduce((sum, p) => sum + p, 0n);
          const accounts: number[] = [];
          for (let i = 0; i < 3; i += 1) {
            accounts.push(
              await openFundedAccount(t.ctx, { name: `Model ${sequence}-${i}`, depositCents: amountCents }),
            );
          }
          const created = await createLoan(
            t.ctx,
            createLoanBody.parse({
              loan: {
                name: `Model loan ${sequence}`,
                thirdPartyId: `MODEL-${process.pid}-${sequence}`,
                amount: centsToNumber(amountCents),
                baseInterestRate: 12.5,
                marketplaceRate: 12.5,
                gracePeriodDays: 10,
                interestType: 'IN_ARREARS',
                interestCalculationMethod: 'LEVEL_PAYMENT',
                term: principals.length,
                termPeriod: 1,
                termPeriodUnit: 'MONTHS',
                marketplaceStartDate: addDays(today, -1),
                marketplaceExpiryDate: addDays(today, 60),
                disbursementDate: today,
                setupStatus: 'DONE',
              },
              repayments: principals.map((p, index) => ({
                dueDate: addDays(today, 30 * (index + 1)),
                principalDue: centsToNumber(p),
                interestDue: centsToNumber(p / 50n),
              })),
              investmentTopups: [],
              clientDetails: { name: `Model client ${sequence}` },
            }),
            audit,
          );
          const loanId = created.id as number;
          const invested: { id: number; cents: Cents; reversed: boolean }[] = [];
          let fundedCents = 0n;

          const expectKept = async () => {
            const loan = await t.ctx.db
              .selectFrom('loans')
              .select('fundedAmount')
              .where('id', '=', loanId)
              .executeTakeFirstOrThrow();
            expect(centsFromString(loan.fundedAmount)).toBe(fundedCents);
            expect((await checkLedger(t.ctx.db)).problems).toEqual([]);
          };

          const invest = async (account: number, cents: Cents) => {
            const row = await investInLoan(
              t.ctx,
              loanId,
              {
                investmentAccountId: accounts[account]!,
                amountCents: cents,
                mode: { kind: 'MANAGEMENT', rate: 10.5 },
                createdBy: null,
              },
              audit,
            );
            invested.push({ id: row.id as number, cents, reversed: false });
            fundedCents += cents;
          };

          for (const step of fundingSteps) {
            if (step.kind === 'invest') {
              const left = amountCents - fundedCents;
              const cents = min(left - 1n, (amountCents * BigInt(step.share)) / 100n);
              if (cents < 100n) continue;
              await invest(step.account, cents);
            } else {
              const live = invested.filter((i) => !i.reversed);
              if (live.length === 0) continue;
              const chosen = live[step.pick % live.length]!;
              await reverseInvestment(t.ctx, chosen.id, audit);
              chosen.reversed = true;
              fundedCents -= chosen.cents;
            }
            await expectKept();
          }
          await invest(0, amountCents - fundedCents);
          await deployLoan(t.ctx, loanId, null, audit);
          await expectKept();

          const rows = await t.ctx.db
            .selectFrom('repayments')
            .select(['id', 'principalDue', 'interestDue'])
            .where('loanId', '=', loanId)
            .orderBy('dueDate')
            .execute();
          const model: ModelRepayment[] = rows.map((r) => ({
            id: r.id,
            principalDue: centsFromString(r.principalDue),
            interestDue: centsFromString(r.interestDue),
            principalPaid: 0n,
            interestPaid: 0n,
            principalWrittenOff: 0n,
            interestWrittenOff: 0n,
          }));
          const toFractionalise: number[] = [];

          const expectRepayments = async () => {
            const kept = await t.ctx.db
              .selectFrom('repayments')
              .select(['id', 'principalPaid', 'interestPaid', 'principalWrittenOff', 'interestWrittenOff'])
              .where('loanId', '=', loanId)
              .orderBy('dueDate')
              .execute();
            expect(
              kept.map((r) => ({
                id: r.id,
                principalPaid: centsFromString(r.principalPaid),
                interestPaid: centsFromString(r.interestPaid),
                principalWrittenOff: centsFromString(r.principalWrittenOff),
                interestWrittenOff: centsFromString(r.interestWrittenOff),
              })),
            ).toEqual(
              model.map((r) => ({
                id: r.id,
                principalPaid: r.principalPaid,
                interestPaid: r.interestPaid,
                principalWrittenOff: r.principalWrittenOff,
                interestWrittenOff: r.interestWrittenOff,
              })),
            );
            await expectKept();
          };

          for (const [index, step] of repayingSteps.entries()) {
            const owed = model.reduce((sum, r) => sum + principalOwed(r) + interestOwed(r), 0n);
            if (owed === 0n) break;
            if (step.kind === 'receipt') {
              const cents = min(owed, (owed * BigInt(step.perMille)) / 1000n);
              if (cents <= 0n) continue;
              const published = await publishReceipts(
                t.ctx,
                [
                  {
                    loanId,
                    thirdPartyId: `MODEL-R-${loanId}-${index}`,
                    dueDate: today,
                    netAmount: cents,
                    grossAmount: cents,
                    batchNumber: `MODEL-${loanId}`,
                  },
                ],
                null,
                audit,
              );
              toFractionalise.push(published.receipts[0]!.loanTransactionId);
              // the model: the oldest repayment still owed takes it, interest first
              const target = model.find((r) => principalOwed(r) + interestOwed(r) > 0n)!;
              const interest = min(cents, interestOwed(target));
              target.interestPaid += interest;
              target.principalPaid += min(cents - interest, principalOwed(target));
            } else if (step.kind === 'fractionalise') {
              if (toFractionalise.length === 0) continue;
              await fractionaliseRepayments(t.ctx, toFractionalise.splice(0), null, audit);
            } else {
              const principalLeft = model.reduce((sum, r) => sum + principalOwed(r), 0n);
              const interestLeft = model.reduce((sum, r) => sum + interestOwed(r), 0n);
              let principal = (principalLeft * BigInt(step.principalShare)) / 100n;
              let interest = (interestLeft * BigInt(step.interestShare)) / 100n;
              // the last write-off of a run may take everything that remains
              if (index === repayingSteps.length - 1 && step.principalShare > 50) {
                principal = principalLeft;
                interest = interestLeft;
              }
              await writeOffLoan(
                t.ctx,
                { loanId, principalAmount: centsToNumber(principal), interestAmount: centsToNumber(interest) },
                null,
                audit,
              );
              // the model: each amount against the oldest repayments still owing it
              for (const r of model) {
                const p = min(principal, principalOwed(r));
                const i = min(interest, interestOwed(r));
                r.principalWrittenOff += p;
                r.interestWrittenOff += i;
                principal -= p;
                interest -= i;
              }
            }
            await expectRepayments();
          }
          // the loan is Written Off exactly when nothing remains and something was written off
          const status = (
            await t.ctx.db.selectFrom('loans').select('status').where('id', '=', loanId).executeTakeFirstOrThrow()
          ).status;
          const remaining = model.reduce((sum, r) => sum + principalOwed(r) + interestOwed(r), 0n);
          const anyWrittenOff = model.some((r) => r.principalWrittenOff > 0n || r.interestWrittenOff > 0n);
          if (remaining > 0n) expect(status).not.toBe('WRITTEN_OFF');
          else expect(status).toBe(anyWrittenOff ? 'WRITTEN_OFF' : 'CLOSED');
        },
      ),
      { numRuns: runs },
    );
  }, 1_500_000);
});

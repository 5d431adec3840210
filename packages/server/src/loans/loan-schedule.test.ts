import { addDays, createLoanBody, fundingPhaseStatus, type LoanStatus } from '@lm/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { investInLoan } from '../investments';
import { investorWithAccount, smallLoanBody } from '../investments/investing.test-support';
import { systemAudit } from '../platform/audit/audit';
import { createTestApp, type TestApp } from '../test-support/test-app';
import { createLoan } from './create-loan';
import { toLoanRecord } from './loan-record';
import { applyScheduledLoanMoves } from './loan-schedule';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ clockNow: '2027-03-01T12:00:00+11:00', seed: 'none' });
});
afterAll(() => t.close());

const audit = systemAudit('test');
const base = '2027-03-01';

describe('the time moves', () => {
  it('the set-based statement puts every loan where the domain rule says, at every instant, in either direction', async () => {
    const investor = await investorWithAccount(t.ctx, { balanceCents: 100_000_00n });
    const starts = [null, -10, 10];
    const expiries = [null, -5, 20];
    const ids: number[] = [];
    for (const start of starts) {
      for (const expiry of expiries) {
        if (start !== null && expiry !== null && expiry <= start) continue;
        for (const funded of [0, 400]) {
          const body = createLoanBody.parse(
            smallLoanBody(1000, {
              marketplaceStartDate: start === null ? null : addDays(base, start),
              marketplaceExpiryDate: expiry === null ? null : addDays(base, expiry),
            }),
          );
          const created = await createLoan(t.ctx, body, audit);
          const id = created.id as number;
          if (funded > 0) {
            await investInLoan(
              t.ctx,
              id,
              {
                investmentAccountId: investor.accountId,
                amountCents: BigInt(funded * 100),
                mode: { kind: 'MANAGEMENT', rate: 10 },
                createdBy: null,
              },
              audit,
            );
          }
          ids.push(id);
        }
      }
    }
    const statusesSeen = new Set<LoanStatus>();
    for (const instant of [
      '2027-03-01T12:00:00+11:00',
      '2027-02-10T00:00:00+11:00', // backwards: before every window
      '2027-02-19T00:00:01+11:00', // the first starts have come
      '2027-03-11T00:00:00+11:00', // some windows just opened
      '2027-03-21T23:59:59+11:00', // the last day of the longest window
      '2027-03-22T00:00:00+11:00', // every window closed
      '2027-02-25T12:00:00+11:00', // and back again
    ]) {
      t.ctx.clock.set(instant);
      const now = t.ctx.clock.now();
      await applyScheduledLoanMoves(t.ctx.db, now);
      const rows = await t.ctx.db.selectFrom('loans').selectAll().where('id', 'in', ids).orderBy('id').execute();
      for (const row of rows) {
        const loan = toLoanRecord(row);
        statusesSeen.add(loan.status);
        expect({ id: loan.id, at: instant, status: loan.status }).toEqual({
          id: loan.id,
          at: instant,
          status: fundingPhaseStatus(loan, now),
        });
      }
    }
    expect([...statusesSeen].sort()).toEqual(['FUNDING', 'MARKETPLACE_FUNDING_EXPIRED', 'PENDING_RELEASE']);
  });
});

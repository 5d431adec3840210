import type { LoanForActions } from '@lm/domain';
import { describe, expect, it } from 'vitest';
import { loanActionAvailability } from './loan-actions';

const funding: LoanForActions = {
  status: 'FUNDING',
  interestType: 'IN_ARREARS',
  fundedDate: null,
  amountCents: 12_000_000n,
  fundedAmountCents: 0n,
  principalRemainingCents: 12_000_000n,
  interestRemainingCents: 600_000n,
  payoutCreated: false,
  repaymentCount: 12,
  houseUnsoldCents: 0n,
  otherInvestmentCount: 0,
};

describe('loan action availability', () => {
  it('lets management invest, invest 1% and delete a funding loan, but not deploy, pay out or write off', () => {
    const a = loanActionAvailability(funding);
    expect(a.invest).toEqual({ enabled: true, reason: null });
    expect(a.autoInvest.enabled).toBe(true);
    expect(a.investOnePercent.enabled).toBe(true);
    expect(a.delete.enabled).toBe(true);
    expect(a.deploy).toEqual({ enabled: false, reason: 'Loan is not fully funded' });
    expect(a.payout).toEqual({ enabled: false, reason: 'Loan is not fully funded' });
    expect(a.writeOff).toEqual({ enabled: false, reason: 'Loan is not fully funded' });
  });

  it('gives the reasons of core §8 once the house holds its 1% and others have invested', () => {
    const a = loanActionAvailability({ ...funding, houseUnsoldCents: 120_000n, otherInvestmentCount: 2 });
    expect(a.investOnePercent).toEqual({ enabled: false, reason: '1% investment already exists' });
    expect(a.delete).toEqual({ enabled: false, reason: 'Loan has investments against it' });
    const more = loanActionAvailability({ ...funding, houseUnsoldCents: 200_000n });
    expect(more.investOnePercent.reason).toBe('the house account is already invested in this loan');
  });

  it('deploys a fully funded loan and refuses further investing with the fully funded reason', () => {
    const a = loanActionAvailability({
      ...funding,
      status: 'FULLY_FUNDED',
      fundedAmountCents: funding.amountCents,
      fundedDate: new Date('2027-01-05T00:00:00Z'),
    });
    expect(a.deploy).toEqual({ enabled: true, reason: null });
    expect(a.invest.reason).toBe('Loan is fully funded');
    expect(a.investOnePercent.reason).toBe('Loan is fully funded');
    expect(a.delete.reason).toBe('Loan is not of status Setup or Funding');
  });

  it('shows no deploy button once the loan is active, and pays out an active loan', () => {
    const a = loanActionAvailability({
      ...funding,
      status: 'ACTIVE',
      fundedAmountCents: funding.amountCents,
      fundedDate: new Date('2027-01-05T00:00:00Z'),
    });
    expect(a.deploy).toBeNull();
    expect(a.payout.enabled).toBe(true);
    expect(a.writeOff.enabled).toBe(true);
    expect(a.invest.reason).toBe('Loan is fully funded');
  });

  it('refuses investing in a loan still in setup', () => {
    expect(loanActionAvailability({ ...funding, status: 'SETUP' }).invest.reason).toBe(
      'This loan is not open for investment.',
    );
  });
});

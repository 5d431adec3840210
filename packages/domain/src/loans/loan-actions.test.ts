import { describe, expect, it } from 'vitest';
import { type LoanForActions, payoutAvailability, writeOffAvailability } from './loan-actions';
import { loanMessages } from './loan-messages';

describe('a written-off loan', () => {
  const loan: LoanForActions = {
    status: 'WRITTEN_OFF',
    interestType: 'IN_ARREARS',
    fundedDate: new Date('2026-01-10T00:00:00Z'),
    amountCents: 100_000n,
    fundedAmountCents: 100_000n,
    principalRemainingCents: 0n,
    interestRemainingCents: 0n,
    payoutCreated: false,
    repaymentCount: 3,
    houseUnsoldCents: 0n,
    otherInvestmentCount: 1,
  };

  it('gives its own reason, not that it is fully paid off', () => {
    expect(writeOffAvailability(loan)).toEqual({ enabled: false, reason: loanMessages.alreadyWrittenOff });
    expect(payoutAvailability(loan)).toEqual({ enabled: false, reason: loanMessages.alreadyWrittenOff });
    expect(loanMessages.alreadyWrittenOff).not.toBe(loanMessages.fullyPaidOff);
  });

  it('a paid-off loan still says so', () => {
    expect(writeOffAvailability({ ...loan, status: 'ACTIVE' }).reason).toBe(loanMessages.fullyPaidOff);
  });
});

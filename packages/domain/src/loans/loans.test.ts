import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  allocateWriteOff,
  assertLoanTransition,
  createLoanBody,
  deleteAvailability,
  fundedProgress,
  fundingPhaseStatus,
  houseMinimumCents,
  interestOwing,
  investAmountRefusal,
  investOnePercentAvailability,
  investOnePercentCents,
  investorKindOf,
  investRateRefusal,
  isAllowedLoanTransition,
  isOnMarketplace,
  type LoanForActions,
  LoanTransitionError,
  loanActions,
  loanForActions,
  loanMessages,
  loanStatuses,
  loanStatusTransitions,
  mandateTermTooShort,
  marketplaceInvestRefusal,
  marketplaceRateRefusal,
  payoutAvailability,
  payoutCompletable,
  principalOwing,
  type RepaymentOwing,
  sydneyEndOfDay,
  sydneyStartOfDay,
  writeOffAvailability,
  writeOffRefusal,
} from './index';

const base: LoanForActions = {
  status: 'ACTIVE',
  interestType: 'IN_ARREARS',
  fundedDate: new Date('2027-01-10T00:00:00Z'),
  amountCents: 12_000_000n,
  fundedAmountCents: 12_000_000n,
  principalRemainingCents: 5_000_000n,
  interestRemainingCents: 300_000n,
  payoutCreated: false,
  repaymentCount: 12,
  houseUnsoldCents: 120_000n,
  otherInvestmentCount: 3,
};

describe('funded progress', () => {
  it('is funded over amount to two places, 100 only when fully funded', () => {
    expect(fundedProgress(0n, 12_000_000n)).toBe(0);
    expect(fundedProgress(6_000_000n, 12_000_000n)).toBe(50);
    expect(fundedProgress(11_999_999n, 12_000_000n)).toBe(99.99);
    expect(fundedProgress(12_000_000n, 12_000_000n)).toBe(100);
    expect(fundedProgress(1n, 300n)).toBe(0.33);
  });

  it('property: never 100 unless funded reaches the amount, and never decreasing', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 1n, max: 10n ** 12n }), fc.bigInt({ min: 0n, max: 10n ** 12n }), (amount, raw) => {
        const funded = raw % (amount + 1n);
        const p = fundedProgress(funded, amount);
        expect(p >= 0 && p <= 100).toBe(true);
        if (funded < amount) expect(p).toBeLessThan(100);
        else expect(p).toBe(100);
        if (funded < amount) expect(fundedProgress(funded + 1n, amount)).toBeGreaterThanOrEqual(p);
      }),
    );
  });
});

describe('invest 1%', () => {
  it('is 1% of the amount rounded up to the cent less what the house holds', () => {
    expect(houseMinimumCents(12_000_000n)).toBe(120_000n);
    expect(houseMinimumCents(12_345_601n)).toBe(123_457n);
    expect(investOnePercentCents(12_000_000n, 0n)).toBe(120_000n);
    expect(investOnePercentCents(12_000_000n, 20_000n)).toBe(100_000n);
    expect(investOnePercentCents(12_000_000n, 150_000n)).toBe(0n);
  });

  it('property: house holding plus the 1% investment is at least 1% and at most 1% plus a cent', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 1n, max: 10n ** 13n }), fc.bigInt({ min: 0n, max: 10n ** 11n }), (amount, held) => {
        const invest = investOnePercentCents(amount, held);
        expect(invest >= 0n).toBe(true);
        expect((held + invest) * 100n >= amount).toBe(true);
        if (invest > 0n) expect((held + invest - 1n) * 100n < amount).toBe(true);
      }),
    );
  });

  it('availability names the reasons of core §8', () => {
    expect(
      investOnePercentAvailability({ ...base, status: 'FUNDING', fundedAmountCents: 100n, houseUnsoldCents: 0n }),
    ).toEqual({
      enabled: true,
      reason: null,
    });
    expect(investOnePercentAvailability(base).reason).toBe(loanMessages.fullyFunded);
    expect(investOnePercentAvailability({ ...base, fundedAmountCents: 500_000n }).reason).toBe(
      loanMessages.onePercentExists,
    );
    expect(
      investOnePercentAvailability({ ...base, fundedAmountCents: 500_000n, houseUnsoldCents: 120_001n }).reason,
    ).toBe(loanMessages.houseAlreadyInvested);
    expect(
      investOnePercentAvailability({ ...base, fundedAmountCents: 500_000n, houseUnsoldCents: 119_999n }).enabled,
    ).toBe(true);
  });
});

describe('invest amount rules (core §5)', () => {
  const input = { accountSelected: true, remainingCents: 1_000_000n, availableCents: 500_000n, kind: 'MAIN' as const };
  it('refuses with each message', () => {
    expect(investAmountRefusal({ ...input, accountSelected: false, amount: 10 })).toBe(
      loanMessages.selectAccountAndAmount,
    );
    expect(investAmountRefusal({ ...input, amount: null })).toBe(loanMessages.selectAccountAndAmount);
    expect(investAmountRefusal({ ...input, amount: 0 })).toBe(loanMessages.investAmountGreaterThanZero);
    expect(investAmountRefusal({ ...input, amount: -5 })).toBe(loanMessages.investAmountGreaterThanZero);
    expect(investAmountRefusal({ ...input, amount: 10_000.01 })).toBe(loanMessages.amountAboveRemaining);
    expect(investAmountRefusal({ ...input, amount: 5_000.01 })).toBe(loanMessages.amountAboveBalance);
    expect(investAmountRefusal({ ...input, amount: 5_000 })).toBeNull();
    expect(investAmountRefusal({ ...input, amount: 0.01 })).toBeNull();
  });
  it('the second investor kind invests whole dollars, at least $100', () => {
    const other = { ...input, kind: 'WHOLE_DOLLAR' as const };
    expect(investAmountRefusal({ ...other, amount: 99.99 })).toBe(loanMessages.investAmountGreaterThanHundred);
    expect(investAmountRefusal({ ...other, amount: 0 })).toBe(loanMessages.investAmountGreaterThanHundred);
    expect(investAmountRefusal({ ...other, amount: 100.75 })).toBeNull();
    expect(investAmountRefusal({ ...other, amount: 5_000.5 })).toBeNull(); // rounds down to 5,000
  });
  it('the main kind is the INVESTOR role, the other the second investor role', () => {
    expect(investorKindOf('INVESTOR')).toBe('MAIN');
    expect(investorKindOf('INVESTOR_READ_ONLY')).toBe('WHOLE_DOLLAR');
  });
  it('administrator rates are in (0, maximum]', () => {
    expect(investRateRefusal(0, '12.5')).toBe(loanMessages.investRateZero);
    expect(investRateRefusal(12.51, '12.500000')).toBe(
      'The investment rate cannot exceed the Maximum Interest rate of 12.5%',
    );
    expect(investRateRefusal(12.5, '12.5')).toBeNull();
  });
  it('marketplace rate: above 0 and at most the maximum', () => {
    expect(marketplaceRateRefusal(0, 12.5)).toBe('Please input a rate greater than 0.');
    expect(marketplaceRateRefusal(13, 12.5)).toBe(
      'Please input an amount less than or equal to the Maximum Interest Rate of 12.5%',
    );
    expect(marketplaceRateRefusal(10.5, 12.5)).toBeNull();
  });
});

describe('loan action availability (core §4 and §8)', () => {
  it('payout', () => {
    expect(payoutAvailability(base)).toEqual({ enabled: true, reason: null });
    expect(payoutAvailability({ ...base, repaymentCount: 0 }).reason).toBe('Loan has no repayments');
    expect(payoutAvailability({ ...base, interestType: 'IN_ADVANCE' }).reason).toBe(
      'Loan interest type is not In Arrears',
    );
    expect(payoutAvailability({ ...base, status: 'PAYOUT' }).reason).toBe('Loan is closed');
    expect(payoutAvailability({ ...base, fundedDate: new Date('2019-02-10T05:00:00Z') }).reason).toBe(
      'Loan was funded before 11/02/19, contact IT to manually payout loan',
    );
    expect(payoutAvailability({ ...base, fundedAmountCents: 1n, fundedDate: null }).reason).toBe(
      'Loan is not fully funded',
    );
    expect(payoutAvailability({ ...base, principalRemainingCents: 0n }).reason).toBe('Loan is already fully paid off');
    // once a payout exists, Payout is disabled with its reason (a completed one closes the loan first)
    expect(payoutAvailability({ ...base, payoutCreated: true }).reason).toBe(
      'A payout has already been created for this loan.',
    );
    expect(payoutAvailability({ ...base, payoutCreated: true, status: 'PAYOUT' }).reason).toBe('Loan is closed');
  });
  it('write off', () => {
    expect(writeOffAvailability(base).enabled).toBe(true);
    expect(writeOffAvailability({ ...base, status: 'SOLD' }).reason).toBe('Loan is closed');
    expect(writeOffAvailability({ ...base, fundedAmountCents: 0n }).reason).toBe('Loan is not fully funded');
    expect(writeOffAvailability({ ...base, principalRemainingCents: 0n, interestRemainingCents: 0n }).reason).toBe(
      'Loan is already fully paid off',
    );
    // all the principal written off, interest still owed: that interest can be written off too
    expect(writeOffAvailability({ ...base, principalRemainingCents: 0n }).enabled).toBe(true);
    expect(
      writeOffRefusal({ principalCents: 0n, interestCents: 0n }, { principalCents: 0n, interestCents: 0n }),
    ).toBeNull();
    expect(
      writeOffRefusal({ principalCents: 11n, interestCents: 0n }, { principalCents: 10n, interestCents: 0n }),
    ).toMatch(/principal remaining of \$0\.10/);
    // amounts as money, as the dialog shows them as you type
    expect(
      writeOffRefusal(
        { principalCents: 28_476_064n, interestCents: 0n },
        { principalCents: 28_476_063n, interestCents: 0n },
      ),
    ).toBe('The principal amount cannot be more than the principal remaining of $284,760.63.');
    expect(
      writeOffRefusal({ principalCents: 1n, interestCents: 6n }, { principalCents: 10n, interestCents: 5n }),
    ).toMatch(/interest remaining of \$0\.05/);
  });
  it('delete', () => {
    expect(deleteAvailability({ ...base, status: 'SETUP', otherInvestmentCount: 0 }).enabled).toBe(true);
    expect(deleteAvailability({ ...base, status: 'FUNDING', otherInvestmentCount: 0 }).enabled).toBe(true);
    expect(deleteAvailability({ ...base, status: 'FUNDING' }).reason).toBe('Loan has investments against it');
    expect(deleteAvailability(base).reason).toBe('Loan is not of status Setup or Funding');
  });
  it('payout completion is limited to 31 days after today', () => {
    expect(payoutCompletable('2027-04-05', '2027-03-05')).toBe(true);
    expect(payoutCompletable('2027-04-06', '2027-03-05')).toBe(false);
    expect(payoutCompletable('2027-01-20', '2027-03-05')).toBe(true);
  });
});

describe('the loan state machine', () => {
  it('names every transition once per event and never to the same status', () => {
    const seen = new Set<string>();
    for (const tr of loanStatusTransitions) {
      expect(tr.from).not.toBe(tr.to);
      const key = `${tr.from}>${tr.to}>${tr.event}`;
      expect(seen.has(key)).toBe(false);
      seen.add(key);
    }
  });
  it('allows the life of a loan and refuses shortcuts', () => {
    const life = [
      'SETUP',
      'PENDING_RELEASE',
      'FUNDING',
      'FULLY_FUNDED',
      'DEPLOYED',
      'ACTIVE',
      'ACTIVE_IN_ARREARS',
      'ACTIVE',
      'PAYOUT',
    ] as const;
    for (let i = 1; i < life.length; i++) expect(isAllowedLoanTransition(life[i - 1]!, life[i]!)).toBe(true);
    expect(() => assertLoanTransition('FUNDING', 'DEPLOYED')).toThrow(LoanTransitionError);
    expect(() => assertLoanTransition('SETUP', 'FULLY_FUNDED')).toThrow(LoanTransitionError);
    expect(() => assertLoanTransition('CLOSED', 'ACTIVE')).toThrow(LoanTransitionError);
    expect(() => assertLoanTransition('DELETED', 'FUNDING')).toThrow(LoanTransitionError);
    expect(() => assertLoanTransition('ACTIVE', 'ACTIVE')).not.toThrow();
  });
  it('closed, written-off and deleted loans are final', () => {
    for (const status of ['CLOSED', 'RESCHEDULED', 'SOLD', 'PAYOUT', 'WRITTEN_OFF', 'DELETED'] as const) {
      for (const to of loanStatuses) expect(isAllowedLoanTransition(status, to)).toBe(false);
    }
  });

  const window = {
    marketplaceStartDate: new Date('2027-03-01T00:00:00+11:00'),
    marketplaceExpiryDate: new Date('2027-03-31T23:59:59+11:00'),
  };
  const loan = {
    status: 'SETUP' as const,
    setupStatus: 'DONE' as const,
    amountCents: 100n,
    fundedAmountCents: 0n,
    ...window,
  };
  it('puts a released loan where its marketplace window says', () => {
    expect(fundingPhaseStatus(loan, new Date('2027-02-28T00:00:00+11:00'))).toBe('PENDING_RELEASE');
    expect(fundingPhaseStatus(loan, new Date('2027-03-05T10:00:00+11:00'))).toBe('FUNDING');
    expect(fundingPhaseStatus(loan, new Date('2027-04-01T00:00:00+11:00'))).toBe('MARKETPLACE_FUNDING_EXPIRED');
    expect(fundingPhaseStatus({ ...loan, setupStatus: 'INITIAL' }, new Date('2027-03-05T10:00:00+11:00'))).toBe(
      'SETUP',
    );
    expect(fundingPhaseStatus({ ...loan, fundedAmountCents: 100n }, new Date('2027-04-05T10:00:00+11:00'))).toBe(
      'FULLY_FUNDED',
    );
    expect(fundingPhaseStatus({ ...loan, status: 'ACTIVE' } as never, new Date())).toBe('ACTIVE');
  });
  it('marketplace visibility: Funding, not hidden, inside the window, not fully funded', () => {
    const m = {
      ...window,
      status: 'FUNDING' as const,
      marketplaceStatus: 'VISIBLE' as const,
      amountCents: 100n,
      fundedAmountCents: 0n,
    };
    const now = new Date('2027-03-05T10:00:00+11:00');
    expect(isOnMarketplace(m, now)).toBe(true);
    expect(isOnMarketplace({ ...m, marketplaceStatus: 'LOCKED' }, now)).toBe(true);
    expect(marketplaceInvestRefusal({ ...m, marketplaceStatus: 'LOCKED' }, now)).toBe(loanMessages.loanLocked);
    expect(marketplaceInvestRefusal({ ...m, status: 'ACTIVE', fundedAmountCents: 100n }, now)).toBe(
      loanMessages.notOpenForInvestment,
    );
    expect(isOnMarketplace({ ...m, marketplaceStatus: 'HIDDEN' }, now)).toBe(false);
    expect(isOnMarketplace({ ...m, fundedAmountCents: 100n }, now)).toBe(false);
    expect(isOnMarketplace(m, new Date('2027-04-01T00:00:00+11:00'))).toBe(false);
    expect(isOnMarketplace(m, new Date('2027-02-28T23:59:59+11:00'))).toBe(false);
  });
});

describe('dates and terms', () => {
  it('Sydney days begin at local midnight, summer and winter', () => {
    expect(sydneyStartOfDay('2027-01-15').toISOString()).toBe('2027-01-14T13:00:00.000Z');
    expect(sydneyStartOfDay('2027-07-01').toISOString()).toBe('2027-06-30T14:00:00.000Z');
    expect(sydneyEndOfDay('2027-01-15').toISOString()).toBe('2027-01-15T12:59:59.999Z');
    // the day daylight saving ends (5 April 2026) is 25 hours long
    expect(sydneyEndOfDay('2026-04-05').getTime() - sydneyStartOfDay('2026-04-05').getTime()).toBe(25 * 3600_000 - 1);
  });
  it('a mandate term shorter than the loan term', () => {
    const loan = { term: 12, termPeriod: 1, termPeriodUnit: 'MONTHS' as const };
    expect(mandateTermTooShort({ maxTerm: null, maxTermUnit: null }, loan)).toBe(false);
    expect(mandateTermTooShort({ maxTerm: 1, maxTermUnit: 'YEARS' }, loan)).toBe(false);
    expect(mandateTermTooShort({ maxTerm: 11, maxTermUnit: 'MONTHS' }, loan)).toBe(true);
    expect(mandateTermTooShort({ maxTerm: 52, maxTermUnit: 'WEEKS' }, loan)).toBe(true);
  });
});

describe('create body', () => {
  const body = {
    loan: {
      name: 'A loan',
      amount: 1000,
      baseInterestRate: 12.5,
      marketplaceRate: 10,
      gracePeriodDays: 10,
      interestCalculationMethod: 'LEVEL_PAYMENT',
      term: 2,
      termPeriod: 1,
      termPeriodUnit: 'MONTHS',
    },
    repayments: [
      { dueDate: '2027-04-01', principalDue: 500, interestDue: 10 },
      { dueDate: '2027-05-01', principalDue: 500, interestDue: 5 },
    ],
    investmentTopups: [{ investmentAccountId: 1000, mandateRate: 13, isActive: true }],
    clientDetails: { name: 'Client' },
  };
  const messages = (value: unknown) => {
    const r = createLoanBody.safeParse(value);
    return r.success ? [] : r.error.issues.map((i) => i.message);
  };
  it('accepts a valid body', () => expect(messages(body)).toEqual([]));
  it('refuses with the messages of core §5', () => {
    expect(messages({ ...body, loan: { ...body.loan, marketplaceRate: 0 } })).toContain(
      'Please input a rate greater than 0.',
    );
    expect(messages({ ...body, loan: { ...body.loan, marketplaceRate: 13 } })).toContain(
      'Please input an amount less than or equal to the Maximum Interest Rate of 12.5%',
    );
    expect(messages({ ...body, loan: { ...body.loan, interestCalculationMethod: undefined } })).toContain(
      'Please input a type.',
    );
    expect(messages({ ...body, clientDetails: {} })).toContain('Please input a client name.');
    expect(
      messages({ ...body, investmentTopups: [{ investmentAccountId: 1000, mandateRate: 12.5, isActive: true }] }),
    ).toContain(loanMessages.mandateOptionsInvalid);
    expect(
      messages({ ...body, investmentTopups: [{ investmentAccountId: 1000, mandateRate: 12.5, isActive: false }] }),
    ).toEqual([]);
    expect(messages({ ...body, repayments: [] })).toContain(loanMessages.repaymentsUnprocessable);
    expect(messages({ ...body, loan: { ...body.loan, amount: 1000.5 } })[0]).toMatch(
      /adds up to \$1000\.00, not the loan amount/,
    );
  });
});

describe('action availability from a loan row of GET api/loans', () => {
  it('reads the JSON numbers exactly', () => {
    const actions = loanActions(
      loanForActions({
        status: 'FUNDING',
        interestType: 'IN_ARREARS',
        fundedDate: null,
        amount: 12_345.02,
        fundedAmount: 123.46,
        principalRemaining: 12_345.02,
        interestRemaining: 100,
        payoutDate: null,
        repaymentCount: 2,
        houseInvestedAmount: 123.46,
        otherInvestmentCount: 0,
      }),
    );
    expect(actions.investOnePercent).toEqual({ enabled: false, reason: '1% investment already exists' });
    expect(actions.delete).toEqual({ enabled: true, reason: null });
    expect(actions.payout.reason).toBe('Loan is not fully funded');
    expect(actions.writeOff.reason).toBe('Loan is not fully funded');
  });
});

describe('write-off against the repayments still owed (docs/domain.md "Write-off")', () => {
  const owing = (principalDue: bigint, interestDue: bigint, paid: [bigint, bigint] = [0n, 0n]): RepaymentOwing => ({
    principalDueCents: principalDue,
    principalPaidCents: paid[0],
    principalWrittenOffCents: 0n,
    interestDueCents: interestDue,
    interestPaidCents: paid[1],
    interestWrittenOffCents: 0n,
  });

  it('writes off exactly what was entered, oldest repayment first; the rest stays owed', () => {
    // the issue's case: all the principal and $1,000 of $4,408.24 interest
    const open = [owing(500_000n, 250_000n, [0n, 50_000n]), owing(600_000n, 240_824n)];
    const pieces = allocateWriteOff({ principalCents: 1_100_000n, interestCents: 100_000n }, open);
    expect(pieces).toEqual([
      { principalCents: 500_000n, interestCents: 100_000n, settled: false },
      { principalCents: 600_000n, interestCents: 0n, settled: false },
    ]);
    const interestLeft = open.reduce((sum, r, i) => sum + interestOwing(r) - pieces[i]!.interestCents, 0n);
    expect(interestLeft).toBe(340_824n); // $3,408.24 still owed, and shown
    expect(() => allocateWriteOff({ principalCents: 1_100_001n, interestCents: 0n }, open)).toThrow(RangeError);
  });

  it('property: the pieces add up to the amounts, none above what a repayment owes, settled exactly when nothing is left', () => {
    const repayment = fc
      .record({
        principalDue: fc.bigInt({ min: 0n, max: 10_000_000n }),
        interestDue: fc.bigInt({ min: 0n, max: 1_000_000n }),
        paidShare: fc.integer({ min: 0, max: 100 }),
      })
      .map((r) => owing(r.principalDue, r.interestDue, [(r.principalDue * BigInt(r.paidShare)) / 100n, 0n]));
    fc.assert(
      fc.property(
        fc.array(repayment, { minLength: 1, maxLength: 8 }),
        fc.integer({ min: 0, max: 100 }),
        fc.integer({ min: 0, max: 100 }),
        (open, principalShare, interestShare) => {
          const principalOwed = open.reduce((sum, r) => sum + principalOwing(r), 0n);
          const interestOwed = open.reduce((sum, r) => sum + interestOwing(r), 0n);
          const amounts = {
            principalCents: (principalOwed * BigInt(principalShare)) / 100n,
            interestCents: (interestOwed * BigInt(interestShare)) / 100n,
          };
          const pieces = allocateWriteOff(amounts, open);
          expect(pieces.reduce((sum, p) => sum + p.principalCents, 0n)).toBe(amounts.principalCents);
          expect(pieces.reduce((sum, p) => sum + p.interestCents, 0n)).toBe(amounts.interestCents);
          pieces.forEach((p, i) => {
            const r = open[i]!;
            expect(p.principalCents >= 0n && p.principalCents <= principalOwing(r)).toBe(true);
            expect(p.interestCents >= 0n && p.interestCents <= interestOwing(r)).toBe(true);
            expect(p.settled).toBe(p.principalCents === principalOwing(r) && p.interestCents === interestOwing(r));
          });
        },
      ),
    );
  });
});

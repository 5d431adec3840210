import fs from 'node:fs';
import path from 'node:path';
import { draftFromSchedule, loanMessages, splitScheduleRows } from '@lm/domain';
import { describe, expect, it } from 'vitest';
import {
  changedLoanFields,
  createLoanFormSchema,
  createLoanRequest,
  draftToForm,
  editLoanFormSchema,
  fieldLocked,
  loanToForm,
  requiredNumberMessage,
} from './loan-form';
import type { LoanRow } from './loans-api';

/** The fixture schedule as the server processes it (the same domain reader, CSV cells by hand). */
function fixtureDraft() {
  const file = path.resolve(import.meta.dirname, '../../../../server/src/loans/fixtures/schedule-level-payment.csv');
  const lines = fs.readFileSync(file, 'utf8').split(/\r?\n/);
  const rows = lines.map((line, index) =>
    (line === '' ? [''] : line.split(',')).map((value, column) => ({ value, line: index + 1, column: column + 1 })),
  );
  return { ...draftFromSchedule(splitScheduleRows(rows), 'standard'), investmentTopups: [] };
}

const issuesOf = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  result.success ? [] : (result.error?.issues ?? []).map((i) => `${i.path.join('.')}: ${i.message}`);

describe('the Create Loan review form', () => {
  it('turns the fixture schedule into a valid POST api/loans body', () => {
    const form = draftToForm(fixtureDraft());
    expect(form.loan).toMatchObject({
      name: 'Harbour Street Bakery equipment loan',
      amount: 120000,
      marketplaceRate: 10.5,
    });
    expect(form.clientDetails.name).toBe('Harbour Street Bakery Pty Ltd');
    const result = createLoanFormSchema.safeParse(form);
    expect(issuesOf(result)).toEqual([]);
    const body = createLoanRequest(form);
    expect(body.repayments).toHaveLength(12);
    expect(body.loan.loanDetails).toMatchObject({ industryType: 'Services', companyState: 'NSW', loanStory: null });
    expect(body.clientDetails).toEqual({ name: 'Harbour Street Bakery Pty Ltd' });
  });

  it('refuses with the words of core §5', () => {
    const form = draftToForm(fixtureDraft());
    const check = (change: (f: typeof form) => void) => {
      const copy = structuredClone(form);
      change(copy);
      return issuesOf(createLoanFormSchema.safeParse(copy, { error: requiredNumberMessage } as never));
    };
    expect(check((f) => (f.loan.marketplaceRate = 0))).toEqual([
      `loan.marketplaceRate: ${loanMessages.marketplaceRateNotPositive}`,
    ]);
    expect(check((f) => (f.loan.marketplaceRate = 13))).toEqual([
      'loan.marketplaceRate: Please input an amount less than or equal to the Maximum Interest Rate of 12.5%',
    ]);
    expect(check((f) => (f.loan.interestCalculationMethod = ''))).toEqual([
      `loan.interestCalculationMethod: ${loanMessages.typeRequired}`,
    ]);
    expect(check((f) => (f.clientDetails.name = '  '))).toEqual([
      `clientDetails.name: ${loanMessages.clientNameRequired}`,
    ]);
    expect(check((f) => (f.loan.gracePeriodDays = null))).toEqual(['loan.gracePeriodDays: Please input a value.']);
    expect(
      check((f) => {
        f.investmentTopups = [{ investmentAccountId: 9, accountName: 'X', mandateRate: 12, isActive: true }];
      }),
    ).toEqual([`investmentTopups: ${loanMessages.mandateOptionsInvalid}`]);
  });
});

const loan: LoanRow = {
  id: 42,
  name: 'Cafe refurbishment',
  thirdPartyId: 'CR-1',
  clientId: 3,
  amount: 50000,
  fundedAmount: 500,
  fundedProgress: 1,
  fundingRemaining: 49500,
  baseInterestRate: 12,
  marketplaceRate: 10,
  marketplaceStatus: 'VISIBLE',
  marketplaceStartDate: '2026-11-30T13:00:00.000Z',
  marketplaceExpiryDate: '2027-01-15T12:59:59.999Z',
  disbursementDate: '2027-01-20',
  startDate: null,
  fundedDate: null,
  status: 'FUNDING',
  interestType: 'IN_ARREARS',
  interestCalculationMethod: 'LEVEL_PAYMENT',
  term: 12,
  termPeriod: 1,
  termPeriodUnit: 'MONTHS',
  principalRepaid: 0,
  interestRepaid: 0,
  principalRemaining: 50000,
  interestRemaining: 3000,
  payoutDate: null,
  repaymentCount: 12,
  fundedRate: 10,
  houseInvestedAmount: 500,
  otherInvestmentCount: 0,
  gracePeriodDays: 10,
  subStatus: null,
  setupStatus: 'DONE',
  rescheduledLoanId: null,
  notes: null,
  principalWrittenOff: 0,
  interestWrittenOff: 0,
  createdAt: '2026-11-20T00:00:00.000Z',
  updatedAt: '2026-11-20T00:00:00.000Z',
  loanDetails: null,
};

describe('the Edit Loan form', () => {
  it('edits the marketplace window as Sydney dates and sends only what changed, with the id', () => {
    const original = loanToForm(loan);
    expect(original.loan.marketplaceStartDate).toBe('2026-12-01');
    expect(original.loan.marketplaceExpiryDate).toBe('2027-01-15');
    expect(changedLoanFields(42, original, original)).toBeNull();
    const edited = structuredClone(original);
    edited.loan.gracePeriodDays = 5;
    edited.loan.notes = 'Checked';
    edited.loan.loanDetails.industryType = 'Services';
    expect(changedLoanFields(42, original, edited)).toEqual({
      id: 42,
      gracePeriodDays: 5,
      notes: 'Checked',
      loanDetails: { industryType: 'Services' },
    });
  });

  it('checks the marketplace rate against the maximum rate the form holds', () => {
    const form = loanToForm(loan);
    form.loan.baseInterestRate = 9;
    expect(issuesOf(editLoanFormSchema.safeParse(form))).toEqual([
      'loan.marketplaceRate: Please input an amount less than or equal to the Maximum Interest Rate of 9%',
    ]);
  });

  it('locks the funding terms of a funded loan and the setup once done', () => {
    expect(fieldLocked('marketplaceRate', loan)).toBe(false);
    expect(fieldLocked('setupStatus', loan)).toBe(true);
    expect(fieldLocked('marketplaceRate', { ...loan, status: 'ACTIVE' })).toBe(true);
    expect(fieldLocked('notes', { ...loan, status: 'ACTIVE' })).toBe(false);
    expect(fieldLocked('marketplaceStatus', { ...loan, status: 'ACTIVE' })).toBe(true);
  });
});

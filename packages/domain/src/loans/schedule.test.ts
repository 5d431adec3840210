import { describe, expect, it } from 'vitest';
import { AppError } from '../errors';
import { type CellValue, draftFromSchedule, type SourceCell, splitScheduleRows } from './schedule';

/** Rows of values as a CSV reader would hand them over (line numbers from 1). */
function rowsOf(lines: CellValue[][], sheet?: string): SourceCell[][] {
  return lines.map((values, i) =>
    values.map((value, j) => ({ value, line: i + 1, column: j + 1, ...(sheet ? { sheet } : {}) })),
  );
}

function draft(lines: CellValue[][]) {
  return draftFromSchedule(splitScheduleRows(rowsOf(lines)), 'standard');
}

function refusal(lines: CellValue[][]): string {
  try {
    draft(lines);
  } catch (error) {
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).code).toBe('INVALID_FILE');
    return (error as AppError).userMessage;
  }
  throw new Error('expected a refusal');
}

const table: CellValue[][] = [
  ['dueDate', 'grossAmount', 'principalDue', 'interestDue', 'gstAmount', 'stampDutyAmount'],
  ['2027-02-20', '600.00', '500.00', '100.00', '0.00', '0.00'],
  ['2027-03-20', '550.00', '500.00', '50.00', '0.00', '0.00'],
];

describe('schedule drafts', () => {
  it('applies the defaults of the specification to missing fields and caps the marketplace rate', () => {
    const d = draft([['field', 'value'], ['name', 'Small loan'], [''], ...table]);
    expect(d.loan).toMatchObject({
      name: 'Small loan',
      amount: 1000,
      gracePeriodDays: 10,
      term: 1,
      termPeriod: 1,
      baseInterestRate: 0,
      marketplaceRate: 0,
      interestType: 'IN_ARREARS',
      interestCalculationMethod: null,
      setupStatus: 'DONE',
    });
    expect(d.clientDetails.name).toBeNull();
    expect(d.repayments).toHaveLength(2);
  });

  it('caps a marketplace rate above the base rate to the base rate', () => {
    const d = draft([['baseInterestRate', '8.5'], ['marketplaceRate', '9'], [], ...table]);
    expect(d.loan.marketplaceRate).toBe(8.5);
    const e = draft([['baseInterestRate', '12.5%'], [], ...table]);
    expect(e.loan.marketplaceRate).toBe(9);
  });

  it('reads labels, dollars with separators, Australian dates, any column order and missing optional columns', () => {
    const d = draft([
      ['Interest Type', 'In Arrears'],
      ['interestCalculationMethod', 'Level Payment'],
      ['termPeriodUnit', 'month'],
      ['amount', '$1,000.00'],
      ['marketplaceStartDate', '1/3/2027'],
      ['industryType', 'services'],
      ['securityType', 'General'],
      [],
      ['principalDue', 'interestDue', 'DueDate'],
      ['500', '100', '20/02/2027'],
      ['500', '50', '20/03/2027'],
    ]);
    expect(d.loan).toMatchObject({
      interestType: 'IN_ARREARS',
      interestCalculationMethod: 'LEVEL_PAYMENT',
      termPeriodUnit: 'MONTHS',
      amount: 1000,
      marketplaceStartDate: '2027-03-01',
    });
    expect(d.loan.loanDetails).toMatchObject({ industryType: 'Services', securityType: 'GENERAL' });
    expect(d.repayments[0]).toEqual({
      dueDate: '2027-02-20',
      grossAmount: 600,
      principalDue: 500,
      interestDue: 100,
      gstAmount: 0,
      stampDutyAmount: 0,
    });
  });

  it('reads workbook cells: numbers with binary noise and dates', () => {
    const d = draftFromSchedule(
      splitScheduleRows(
        rowsOf(
          [
            ['amount', 1000],
            ['dueDate', 'principalDue', 'interestDue', 'grossAmount'],
            [new Date('2027-02-20T00:00:00Z'), 0.1 + 0.2 + 499.7, 100, 600],
            [new Date('2027-03-20T00:00:00Z'), 500, 50, 550],
          ],
          'Schedule',
        ),
      ),
      'standard',
    );
    expect(d.repayments.map((r) => r.principalDue)).toEqual([500, 500]);
    expect(d.repayments[0]?.dueDate).toBe('2027-02-20');
  });

  it('names the line and column that failed', () => {
    expect(
      refusal([
        ['amount', '1000.00'],
        [],
        ...table.slice(0, 2),
        ['2027-03-20', '550.00', '5OO.00', '50.00', '0.00', '0.00'],
      ]),
    ).toBe("Line 5, column C (principalDue): '5OO.00' is not an amount.");
    expect(refusal([['amount', '999.00'], [], ...table])).toBe(
      'Line 1, column B (amount): The principal of the repayments adds up to $1000.00, not the loan amount of $999.00.',
    );
    expect(refusal([['colour', 'blue'], [], ...table])).toBe(
      "Line 1, column A: 'colour' is not a loan field of a repayment schedule.",
    );
    expect(refusal([['term', '1.5'], [], ...table])).toBe(
      "Line 1, column B (term): '1.5' is not a whole number from 1 to 100000.",
    );
    expect(refusal([...table.slice(0, 2), ['2027-02-31', '550', '500', '50']])).toBe(
      "Line 3, column A (dueDate): '2027-02-31' is not a date (YYYY-MM-DD or D/M/YYYY).",
    );
    expect(refusal([...table.slice(0, 2), ['2027-02-20', '550', '500', '50']])).toBe(
      'Line 3, column A (dueDate): 2027-02-20 is not after the previous due date 2027-02-20.',
    );
    expect(refusal([...table.slice(0, 2), ['2027-03-20', '551', '500', '50']])).toBe(
      'Line 3, column B (grossAmount): 551 is not the sum of principalDue, interestDue, gstAmount and stampDutyAmount (550).',
    );
    expect(refusal([...table.slice(0, 2), ['2027-03-20', '', '500', '']])).toBe(
      'Line 3, column D (interestDue): is empty.',
    );
    expect(refusal([...table.slice(0, 2), ['2027-03-20', '550', '500.005', '50']])).toBe(
      "Line 3, column C (principalDue): '500.005' has more than 2 decimal places.",
    );
    expect(refusal([['interestType', 'sometimes'], ...table])).toBe(
      "Line 1, column B (interestType): 'sometimes' is not one of IN_ADVANCE, IN_ARREARS.",
    );
    expect(refusal([['provider', 'insyston'], ...table])).toMatch(/^Line 1, column B \(provider\)/);
    expect(refusal([['name', 'x', 'extra'], ...table])).toBe(
      'Line 1, column C: a loan field row has only a field name and a value.',
    );
    expect(refusal([['name', 'x'], ['name', 'y'], ...table])).toBe(
      "Line 2, column A: the field 'name' appears twice (first on line 1).",
    );
  });

  it('refuses a file without repayments with the specification message', () => {
    expect(refusal([['name', 'x'], [], table[0]!])).toBe(
      'There was an issue with your request, either there are no repayments or the file could not be properly processed.',
    );
    expect(refusal([['name', 'x']])).toMatch(/the repayment table was not found/);
  });
});

import { describe, expect, it } from 'vitest';
import { csvLine } from '../csv/csv-line';
import { Role } from '../roles';
import {
  investorReportEndDateMaxDefault,
  reportDefinition,
  reportDefinitions,
  reportDefinitionsFor,
  reportIds,
  reportsForRole,
} from './report-registry';
import {
  checkReportParameters,
  closedFinancialYears,
  financialYearName,
  reportFormSchema,
  reportMessages,
} from './reports.contract';

const investor = { role: Role.INVESTOR, investorEndDateMax: investorReportEndDateMaxDefault };
const management = { role: Role.MANAGEMENT, investorEndDateMax: investorReportEndDateMaxDefault };
const definitionOf = (id: string) => {
  const d = reportDefinition(id);
  if (!d) throw new Error(id);
  return d;
};

describe('the report registry', () => {
  it('holds the 17 reports of investor-and-admin §2 once each, under the ids of DESIGN §1', () => {
    expect(reportDefinitions.map((d) => d.id)).toEqual([...reportIds]);
    expect(new Set(reportIds).size).toBe(17);
    expect(reportDefinition('no-such-report')).toBeUndefined();
    expect(reportDefinition('__proto__')).toBeUndefined();
  });

  it('offers the investor the six investor reports and management all 17; each in xlsx, pdf and csv, its own format first', () => {
    expect(reportsForRole(Role.INVESTOR).map((d) => d.label)).toEqual([
      'Account Interest Statement',
      'Account Interest Statement by Investment',
      'Account Transactions Statement',
      'Account Portfolio Report',
      'Account Portfolio Summary Report',
      'Account Tax Statement',
    ]);
    expect(reportsForRole(Role.MANAGEMENT)).toHaveLength(17);
    expect(reportsForRole(Role.INVESTOR_READ_ONLY)).toHaveLength(0);
    for (const d of reportDefinitions) {
      expect([...d.formats].sort()).toEqual(['csv', 'pdf', 'xlsx']);
      expect(d.formats[0]).toBe(d.defaultFormat);
      expect(d.defaultBodyParameters).toEqual({ format: d.defaultFormat });
    }
    expect(definitionOf('account-interest-statement').defaultFormat).toBe('pdf');
    expect(definitionOf('warehouse-funding').defaultFormat).toBe('csv');
    expect(definitionOf('account-transactions-statement').defaultFormat).toBe('xlsx');
  });

  it('gives every date picker 2100-12-31 at most, and an investor the investor end-date limit', () => {
    const dates = (role: Role, max: string) =>
      reportDefinitionsFor(role, max).flatMap((d) => d.components.filter((c) => c.kind === 'date').map((c) => c.max));
    expect(new Set(dates(Role.MANAGEMENT, '2025-06-30'))).toEqual(new Set(['2100-12-31']));
    expect(new Set(dates(Role.INVESTOR, '2025-06-30'))).toEqual(new Set(['2025-06-30']));
  });

  it('makes the loan and account pickers of management reports optional (All Loans, All Accounts)', () => {
    expect(definitionOf('loans-in-arrears').components).toEqual([
      { key: 'loanId', kind: 'loan', label: 'Loan', required: false, allLabel: 'All Loans' },
    ]);
    const balance = definitionOf('investment-account-balance').components[0];
    expect(balance?.allLabel).toBe('All Accounts');
  });
});

describe('checking a report request', () => {
  const statement = definitionOf('account-interest-statement');

  it('names every missing required component', () => {
    const { issues } = checkReportParameters(statement, {}, investor);
    expect(issues).toEqual([
      { field: 'accountId', message: 'Account is required' },
      { field: 'startDate', message: 'Start Date is required' },
      { field: 'endDate', message: 'End Date is required' },
    ]);
  });

  it('holds an investor to the end-date limit, and management to 2100-12-31', () => {
    const body = { accountId: 1, startDate: '2025-01-01', endDate: '2025-07-01' };
    expect(checkReportParameters(statement, body, investor).issues).toEqual([
      { field: 'endDate', message: 'End Date cannot be after 30/06/2025' },
    ]);
    expect(checkReportParameters(statement, body, management).issues).toEqual([]);
    expect(checkReportParameters(statement, { ...body, endDate: '2101-01-01' }, management).issues).toEqual([
      { field: 'endDate', message: 'End Date cannot be after 31/12/2100' },
    ]);
  });

  it('holds an investor\u2019s financial year to the end-date limit', () => {
    const tax = definitionOf('account-tax-statement');
    expect(checkReportParameters(tax, { accountId: 1, financialYear: 2026 }, investor).issues).toEqual([
      { field: 'financialYear', message: 'Financial Year cannot end after 30/06/2025' },
    ]);
    expect(checkReportParameters(tax, { accountId: 1, financialYear: 2025 }, investor).issues).toEqual([]);
  });

  it('refuses dates that do not exist and a start after the end; drops what the report does not take', () => {
    expect(
      checkReportParameters(statement, { accountId: 1, startDate: '2025-02-30', endDate: '2025-03-01' }, management)
        .issues,
    ).toEqual([{ field: 'startDate', message: 'Start Date is not a valid date' }]);
    expect(
      checkReportParameters(statement, { accountId: 1, startDate: '2025-03-02', endDate: '2025-03-01' }, management)
        .issues,
    ).toEqual([{ field: 'endDate', message: reportMessages.startAfterEnd }]);
    const { parameters } = checkReportParameters(
      statement,
      { accountId: 1, loanId: 9, startDate: '2025-03-01', endDate: '2025-03-01' },
      management,
    );
    expect(parameters).toEqual({ format: 'pdf', accountId: 1, startDate: '2025-03-01', endDate: '2025-03-01' });
  });

  it('the form schema drops empty values and puts each message under its field', () => {
    const result = reportFormSchema(statement, management).safeParse({
      format: 'xlsx',
      accountId: null,
      startDate: '',
      endDate: '2025-01-01',
    });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['accountId', 'Account is required'],
      ['startDate', 'Start Date is required'],
    ]);
  });
});

describe('closed financial years', () => {
  it('offers the years closed by today, newest first, an investor\u2019s up to the end-date limit', () => {
    expect(closedFinancialYears('2026-11-26', 3)).toEqual([2026, 2025, 2024]);
    expect(closedFinancialYears('2026-06-30', 2)).toEqual([2025, 2024]);
    expect(closedFinancialYears('2026-07-01', 1)).toEqual([2026]);
    expect(closedFinancialYears('2026-11-26', 2, '2025-06-30')).toEqual([2025, 2024]);
    expect(financialYearName(2026)).toBe('FY 2025-26');
  });
});

describe('csvLine (spec core §9)', () => {
  it('writes comma-separated cells with CRLF, quoting only when it must, formulas neutralised', () => {
    expect(csvLine(['a', 1, null, 'b,c', 'say "hi"'])).toBe('a,1,,"b,c","say ""hi"""\r\n');
    expect(csvLine(['=SUM(A1)', '+1', '-x', '@cmd', -5])).toBe("'=SUM(A1),'+1,'-x,'@cmd,-5\r\n");
  });
});

import type Decimal from 'decimal.js';
import { AppError } from '../errors';
import { type Cents, centsToNumber, Decimal as D } from '../money';
import {
  industryTypes,
  interestCalculationMethods,
  interestTypes,
  parseInterestCalculationMethod,
  parseInterestType,
  parseSecurityType,
  parseTermPeriodUnit,
  termPeriodUnits,
} from './loan-enums';
import { repaymentsPerLoanMax, scheduleDefaults } from './loan-limits';
import { loanMessages } from './loan-messages';

/**
 * The repayment schedule file format of DESIGN §6 ("standard" provider), as pure rules: the file
 * reader (CSV or XLSX) hands over cells with their line and column; this turns them into exactly
 * one draft loan with its repayments, or refuses with the line and column that failed.
 *
 * CSV: a `field,value` block of loan fields, a blank line, then a table with the header
 * `dueDate,grossAmount,principalDue,interestDue,gstAmount,stampDutyAmount`. XLSX: the same as two
 * sheets, `Loan` and `Schedule`. Names match case-insensitively; enumerations accept their codes
 * or labels; amounts may carry a `$` and thousands separators; dates are YYYY-MM-DD or D/M/YYYY.
 * Missing loan fields take the specification's defaults, and the marketplace rate is capped to the
 * base rate.
 */

export const scheduleProviders = ['standard'] as const;
export type ScheduleProvider = (typeof scheduleProviders)[number];
export const scheduleBytesMax = 5 * 1024 * 1024;

export type CellValue = string | number | boolean | Date | null;

export interface SourceCell {
  value: CellValue;
  /** 1-based line (CSV) or row (XLSX). */
  line: number;
  /** 1-based column number. */
  column: number;
  /** XLSX sheet name; absent for CSV. */
  sheet?: string;
}

export interface ScheduleSource {
  /** Each loan field row: its name cell and its value cell (the value may be missing). */
  fieldRows: { name: SourceCell; value: SourceCell | null }[];
  /** The table header (null when no row starts the table) and its data rows. */
  header: SourceCell[] | null;
  rows: SourceCell[][];
  /** Where the table was expected, for an error when there is none. */
  tableSheet?: string;
}

export const scheduleColumns = [
  'dueDate',
  'grossAmount',
  'principalDue',
  'interestDue',
  'gstAmount',
  'stampDutyAmount',
] as const;
export type ScheduleColumn = (typeof scheduleColumns)[number];
const requiredColumns: readonly ScheduleColumn[] = ['dueDate', 'principalDue', 'interestDue'];

type FieldKind = 'text' | 'money' | 'rate' | 'integer' | 'date' | 'interestType' | 'method' | 'unit' | 'security';

/** Loan fields a schedule may carry (the loan, its client and its details). */
export const scheduleFieldKinds = {
  provider: 'text',
  name: 'text',
  thirdPartyId: 'text',
  clientName: 'text',
  amount: 'money',
  baseInterestRate: 'rate',
  marketplaceRate: 'rate',
  interestType: 'interestType',
  interestCalculationMethod: 'method',
  term: 'integer',
  termPeriod: 'integer',
  termPeriodUnit: 'unit',
  gracePeriodDays: 'integer',
  marketplaceStartDate: 'date',
  marketplaceExpiryDate: 'date',
  disbursementDate: 'date',
  startDate: 'date',
  notes: 'text',
  loanPurpose: 'text',
  industryType: 'text',
  businessAge: 'text',
  directorCount: 'integer',
  employeeCount: 'integer',
  companyRevenue: 'money',
  companyState: 'text',
  bankruptciesLegalActionsCollections: 'text',
  securityType: 'security',
  financialAccountsType: 'text',
  financialAccountsDate: 'date',
  loanStory: 'text',
  underwriterComment: 'text',
} as const satisfies Record<string, FieldKind>;
export type ScheduleField = keyof typeof scheduleFieldKinds;

const detailFields = [
  'loanPurpose',
  'industryType',
  'businessAge',
  'directorCount',
  'employeeCount',
  'companyRevenue',
  'companyState',
  'bankruptciesLegalActionsCollections',
  'securityType',
  'financialAccountsType',
  'financialAccountsDate',
  'loanStory',
  'underwriterComment',
] as const satisfies readonly ScheduleField[];

export interface DraftRepayment {
  dueDate: string;
  grossAmount: number;
  principalDue: number;
  interestDue: number;
  gstAmount: number;
  stampDutyAmount: number;
}

/** The processed schedule: the shape of the POST api/loans body, ready to review and edit. */
export interface ScheduleDraft {
  loan: {
    name: string | null;
    thirdPartyId: string | null;
    amount: number;
    baseInterestRate: number;
    marketplaceRate: number;
    gracePeriodDays: number;
    interestType: (typeof interestTypes)[number];
    interestCalculationMethod: (typeof interestCalculationMethods)[number] | null;
    term: number;
    termPeriod: number;
    termPeriodUnit: (typeof termPeriodUnits)[number];
    marketplaceStartDate: string | null;
    marketplaceExpiryDate: string | null;
    disbursementDate: string | null;
    startDate: string | null;
    notes: string | null;
    /** Done: the reviewed schedule has every detail; the form may hold it back as Initial. */
    setupStatus: 'INITIAL' | 'DONE';
    /** The details the file gives. */
    loanDetails: Partial<Record<(typeof detailFields)[number], string | number | null>>;
  };
  repayments: DraftRepayment[];
  clientDetails: { name: string | null };
}

// ---------------------------------------------------------------------------------------------
// Locations and errors

export function columnLetter(column: number): string {
  let n = column;
  let letters = '';
  while (n > 0) {
    const rem = (n - 1) % 26;
    letters = String.fromCharCode(65 + rem) + letters;
    n = Math.floor((n - 1) / 26);
  }
  return letters;
}

/** "Line 27, column C (principalDue)", or "Sheet Schedule, line 5, column C (principalDue)" in a workbook. */
export function cellLocation(
  cell: { line: number; column: number; sheet?: string | undefined },
  name?: string,
): string {
  const sheet = cell.sheet ? `Sheet ${cell.sheet}, line` : 'Line';
  return `${sheet} ${cell.line}, column ${columnLetter(cell.column)}${name ? ` (${name})` : ''}`;
}

function fail(
  cell: { line: number; column: number; sheet?: string | undefined },
  name: string | undefined,
  message: string,
): never {
  const location = cellLocation(cell, name);
  throw new AppError('INVALID_FILE', `${location}: ${message}`, [{ field: location, message }]);
}

// ---------------------------------------------------------------------------------------------
// Cell readers

function isEmpty(value: CellValue): boolean {
  return value === null || (typeof value === 'string' && value.trim() === '');
}

function asText(value: CellValue): string {
  if (value === null) return '';
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  return String(value).trim();
}

const plainDecimal = /^-?\d+(\.\d+)?$/;
const groupedDecimal = /^-?\d{1,3}(,\d{3})+(\.\d+)?$/;

/** A decimal from a cell: numbers as written (a workbook's binary noise below 1e-9 is dropped). */
function readDecimal(cell: SourceCell, name: string, what: string, maxPlaces: number): Decimal {
  const { value } = cell;
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) fail(cell, name, `'${value}' is not ${what}.`);
    const d = new D(String(value));
    const rounded = d.toDecimalPlaces(maxPlaces, D.ROUND_HALF_UP);
    if (!d.minus(rounded).abs().lessThan('1e-9'))
      fail(cell, name, `${value} has more than ${maxPlaces} decimal places.`);
    return rounded;
  }
  let text = asText(value).replace(/\s/g, '');
  if (text.startsWith('$')) text = text.slice(1);
  if (text.startsWith('-$')) text = `-${text.slice(2)}`;
  if (what === 'a rate' && text.endsWith('%')) text = text.slice(0, -1);
  if (groupedDecimal.test(text)) text = text.replace(/,/g, '');
  if (!plainDecimal.test(text)) fail(cell, name, `'${asText(value)}' is not ${what}.`);
  const d = new D(text);
  if (d.decimalPlaces() > maxPlaces) fail(cell, name, `'${asText(value)}' has more than ${maxPlaces} decimal places.`);
  return d;
}

function readMoneyCents(cell: SourceCell, name: string): Cents {
  const d = readDecimal(cell, name, 'an amount', 2);
  if (d.isNegative()) fail(cell, name, `'${asText(cell.value)}' is negative.`);
  if (d.greaterThanOrEqualTo('1e15')) fail(cell, name, `'${asText(cell.value)}' is too large.`);
  return BigInt(d.times(100).toFixed(0));
}

function readRate(cell: SourceCell, name: string): number {
  const d = readDecimal(cell, name, 'a rate', 6);
  if (d.isNegative() || d.greaterThan(999))
    fail(cell, name, `'${asText(cell.value)}' is not a rate between 0 and 999.`);
  return d.toNumber();
}

function readInteger(cell: SourceCell, name: string, min: number, max: number): number {
  const d = readDecimal(cell, name, 'a whole number', 9);
  if (!d.isInteger() || d.lessThan(min) || d.greaterThan(max)) {
    fail(cell, name, `'${asText(cell.value)}' is not a whole number from ${min} to ${max}.`);
  }
  return d.toNumber();
}

const dmy = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/;
const ymd = /^(\d{4})-(\d{1,2})-(\d{1,2})$/;

function validDate(year: number, month: number, day: number): string | null {
  const d = new Date(Date.UTC(year, month - 1, day));
  if (d.getUTCFullYear() !== year || d.getUTCMonth() !== month - 1 || d.getUTCDate() !== day) return null;
  if (year < 1900 || year > 2100) return null;
  return d.toISOString().slice(0, 10);
}

function readDate(cell: SourceCell, name: string): string {
  const { value } = cell;
  if (value instanceof Date) {
    // workbook dates carry the calendar date at UTC midnight
    if (Number.isNaN(value.getTime())) fail(cell, name, 'is not a valid date.');
    const iso = value.toISOString().slice(0, 10);
    const [y, m, d] = iso.split('-').map(Number) as [number, number, number];
    if (!validDate(y, m, d)) fail(cell, name, `'${iso}' is not a date between 1900 and 2100.`);
    return iso;
  }
  const text = asText(value);
  const datePart = /^\d{4}-\d{2}-\d{2}T/.test(text) ? text.slice(0, 10) : text;
  let match = ymd.exec(datePart);
  if (match) {
    const iso = validDate(Number(match[1]), Number(match[2]), Number(match[3]));
    if (iso) return iso;
  }
  match = dmy.exec(datePart);
  if (match) {
    const iso = validDate(Number(match[3]), Number(match[2]), Number(match[1]));
    if (iso) return iso;
  }
  return fail(cell, name, `'${text}' is not a date (YYYY-MM-DD or D/M/YYYY).`);
}

function readEnum<T extends string>(
  cell: SourceCell,
  name: string,
  parse: (v: string) => T | null,
  allowed: readonly T[],
): T {
  const parsed = parse(asText(cell.value));
  if (!parsed) fail(cell, name, `'${asText(cell.value)}' is not one of ${allowed.join(', ')}.`);
  return parsed;
}

function canonicalName<T extends string>(names: readonly T[], text: string): T | null {
  // case, spaces, dashes and underscores do not matter: 'Interest Type' is interestType
  const key = (v: string) => v.toLowerCase().replace(/[\s_-]+/g, '');
  const wanted = key(text);
  return names.find((n) => key(n) === wanted) ?? null;
}

// ---------------------------------------------------------------------------------------------
// The draft

interface ReadFields {
  values: Partial<Record<ScheduleField, string | number | Cents>>;
  cells: Partial<Record<ScheduleField, SourceCell>>;
}

function readFields(source: ScheduleSource): ReadFields {
  const fieldNames = Object.keys(scheduleFieldKinds) as ScheduleField[];
  const result: ReadFields = { values: {}, cells: {} };
  for (const { name: nameCell, value: valueCell } of source.fieldRows) {
    const nameText = asText(nameCell.value);
    const field = canonicalName(fieldNames, nameText);
    if (!field) {
      fail(nameCell, undefined, `'${nameText}' is not a loan field of a repayment schedule.`);
    }
    if (result.cells[field]) {
      const first = result.cells[field] as SourceCell;
      fail(nameCell, undefined, `the field '${field}' appears twice (first on line ${first.line}).`);
    }
    if (!valueCell || isEmpty(valueCell.value)) continue; // missing: the default applies
    result.cells[field] = valueCell;
    const kind: FieldKind = scheduleFieldKinds[field];
    let value: string | number | Cents;
    switch (kind) {
      case 'text':
        value = asText(valueCell.value);
        if (value.length > 4000) fail(valueCell, field, 'is longer than 4000 characters.');
        break;
      case 'money':
        value = readMoneyCents(valueCell, field);
        break;
      case 'rate':
        value = readRate(valueCell, field);
        break;
      case 'integer':
        value = readInteger(
          valueCell,
          field,
          field === 'gracePeriodDays' ? 0 : field.endsWith('Count') ? 0 : 1,
          100_000,
        );
        break;
      case 'date':
        value = readDate(valueCell, field);
        break;
      case 'interestType':
        value = readEnum(valueCell, field, parseInterestType, interestTypes);
        break;
      case 'method':
        value = readEnum(valueCell, field, parseInterestCalculationMethod, interestCalculationMethods);
        break;
      case 'unit':
        value = readEnum(valueCell, field, parseTermPeriodUnit, termPeriodUnits);
        break;
      case 'security':
        value = readEnum(valueCell, field, parseSecurityType, ['SPECIFIC_SECURITY_AGREEMENT', 'GENERAL']);
        break;
    }
    result.values[field] = value;
  }
  return result;
}

interface ReadRow {
  dueDate: string;
  grossCents: Cents;
  principalCents: Cents;
  interestCents: Cents;
  gstCents: Cents;
  stampDutyCents: Cents;
}

function readTable(source: ScheduleSource): ReadRow[] {
  const header = source.header;
  if (!header) {
    const where = source.tableSheet ? `Sheet ${source.tableSheet}` : 'The file';
    throw new AppError(
      'INVALID_FILE',
      `${where}: the repayment table was not found; it starts with the header ${scheduleColumns.join(',')}.`,
    );
  }
  const positions = new Map<ScheduleColumn, number>();
  header.forEach((cell, index) => {
    if (isEmpty(cell.value)) return;
    const column = canonicalName(scheduleColumns, asText(cell.value));
    if (!column) fail(cell, undefined, `'${asText(cell.value)}' is not a column of the repayment table.`);
    if (positions.has(column)) fail(cell, undefined, `the column '${column}' appears twice.`);
    positions.set(column, index);
  });
  for (const column of requiredColumns) {
    if (!positions.has(column)) {
      fail(header[0] ?? { line: 1, column: 1 }, undefined, `the repayment table has no '${column}' column.`);
    }
  }
  const rows: ReadRow[] = [];
  const cellAt = (row: SourceCell[], column: ScheduleColumn): SourceCell | null => {
    const index = positions.get(column);
    if (index === undefined) return null;
    const cell = row[index];
    if (cell && !isEmpty(cell.value)) return cell;
    return null;
  };
  for (const row of source.rows) {
    if (row.every((cell) => isEmpty(cell.value))) continue;
    const first = row[0] as SourceCell;
    const required = (column: ScheduleColumn): SourceCell => {
      const cell = cellAt(row, column);
      if (cell) return cell;
      const index = positions.get(column) ?? 0;
      return fail({ line: first.line, column: index + 1, sheet: first.sheet }, column, 'is empty.');
    };
    const money = (column: ScheduleColumn): Cents => {
      const cell = cellAt(row, column);
      return cell ? readMoneyCents(cell, column) : 0n;
    };
    const dueCell = required('dueDate');
    const dueDate = readDate(dueCell, 'dueDate');
    const principalCents = readMoneyCents(required('principalDue'), 'principalDue');
    const interestCents = readMoneyCents(required('interestDue'), 'interestDue');
    const gstCents = money('gstAmount');
    const stampDutyCents = money('stampDutyAmount');
    const expectedGross = principalCents + interestCents + gstCents + stampDutyCents;
    const grossCell = cellAt(row, 'grossAmount');
    const grossCents = grossCell ? readMoneyCents(grossCell, 'grossAmount') : expectedGross;
    if (grossCell && grossCents !== expectedGross) {
      fail(
        grossCell,
        'grossAmount',
        `${centsToNumber(grossCents)} is not the sum of principalDue, interestDue, gstAmount and stampDutyAmount (${centsToNumber(expectedGross)}).`,
      );
    }
    const previous = rows.at(-1);
    if (previous && dueDate <= previous.dueDate) {
      fail(dueCell, 'dueDate', `${dueDate} is not after the previous due date ${previous.dueDate}.`);
    }
    rows.push({ dueDate, grossCents, principalCents, interestCents, gstCents, stampDutyCents });
    if (rows.length > repaymentsPerLoanMax) {
      fail(dueCell, 'dueDate', `a schedule has at most ${repaymentsPerLoanMax} repayments.`);
    }
  }
  if (rows.length === 0) throw new AppError('INVALID_FILE', loanMessages.repaymentsUnprocessable);
  return rows;
}

/** Turns a read schedule into exactly one draft loan with its repayments, or refuses naming the cell. */
export function draftFromSchedule(source: ScheduleSource, provider: ScheduleProvider): ScheduleDraft {
  const { values, cells } = readFields(source);
  if (values.provider !== undefined && String(values.provider).toLowerCase() !== provider) {
    fail(
      cells.provider as SourceCell,
      'provider',
      `this file is for the provider '${values.provider}', not '${provider}'.`,
    );
  }
  const rows = readTable(source);
  const principalCents = rows.reduce((sum, r) => sum + r.principalCents, 0n);
  let amountCents = values.amount as Cents | undefined;
  if (amountCents === undefined) {
    amountCents = principalCents;
  } else if (amountCents !== principalCents) {
    fail(cells.amount as SourceCell, 'amount', loanMessages.principalNotAmount(principalCents, amountCents));
  }
  if (amountCents <= 0n) throw new AppError('INVALID_FILE', loanMessages.repaymentsUnprocessable);

  const baseInterestRate = (values.baseInterestRate as number | undefined) ?? scheduleDefaults.baseInterestRate;
  const requestedMarketplaceRate = (values.marketplaceRate as number | undefined) ?? scheduleDefaults.marketplaceRate;
  const marketplaceRate = D.min(requestedMarketplaceRate, baseInterestRate).toNumber();
  const text = (field: ScheduleField) => (values[field] === undefined ? null : String(values[field]));
  const start = text('marketplaceStartDate');
  const expiry = text('marketplaceExpiryDate');
  if (start && expiry && expiry < start) {
    fail(cells.marketplaceExpiryDate as SourceCell, 'marketplaceExpiryDate', loanMessages.marketplaceWindowOrder);
  }
  const industry = text('industryType');
  // only the details the file gives (an absent one is left out, not null: the create body's amounts take no null)
  const loanDetails = Object.fromEntries(
    detailFields.flatMap((field) => {
      const v = values[field];
      if (v === undefined) return [];
      if (typeof v === 'bigint') return [[field, centsToNumber(v)]];
      return [[field, v]];
    }),
  ) as ScheduleDraft['loan']['loanDetails'];
  if (industry) {
    // an industry written differently from the list keeps its text; a matching one takes the list's spelling
    loanDetails.industryType = industryTypes.find((i) => i.toLowerCase() === industry.toLowerCase()) ?? industry;
  }
  return {
    loan: {
      name: text('name'),
      thirdPartyId: text('thirdPartyId'),
      amount: centsToNumber(amountCents),
      baseInterestRate,
      marketplaceRate,
      gracePeriodDays: (values.gracePeriodDays as number | undefined) ?? scheduleDefaults.gracePeriodDays,
      interestType: (values.interestType as ScheduleDraft['loan']['interestType'] | undefined) ?? 'IN_ARREARS',
      interestCalculationMethod:
        (values.interestCalculationMethod as ScheduleDraft['loan']['interestCalculationMethod'] | undefined) ?? null,
      term: (values.term as number | undefined) ?? scheduleDefaults.term,
      termPeriod: (values.termPeriod as number | undefined) ?? scheduleDefaults.termPeriod,
      termPeriodUnit: (values.termPeriodUnit as ScheduleDraft['loan']['termPeriodUnit'] | undefined) ?? 'MONTHS',
      marketplaceStartDate: start,
      marketplaceExpiryDate: expiry,
      disbursementDate: text('disbursementDate'),
      startDate: text('startDate'),
      notes: text('notes'),
      setupStatus: 'DONE',
      loanDetails,
    },
    repayments: rows.map((r) => ({
      dueDate: r.dueDate,
      grossAmount: centsToNumber(r.grossCents),
      principalDue: centsToNumber(r.principalCents),
      interestDue: centsToNumber(r.interestCents),
      gstAmount: centsToNumber(r.gstCents),
      stampDutyAmount: centsToNumber(r.stampDutyCents),
    })),
    clientDetails: { name: text('clientName') },
  };
}

/**
 * Splits rows of cells (a CSV file, or one sheet) into the field block and the table: the table
 * starts at the first row with a `dueDate` cell; before it, a `field,value`
 * header row and blank rows are skipped, and every other row is a loan field.
 */
export function splitScheduleRows(rows: SourceCell[][]): ScheduleSource {
  const isBlank = (row: SourceCell[]) => row.every((c) => isEmpty(c.value));
  const headerIndex = rows.findIndex((row) =>
    row.some((c) => canonicalName(scheduleColumns, asText(c.value)) === 'dueDate'),
  );
  const fieldPart = headerIndex === -1 ? rows : rows.slice(0, headerIndex);
  const fieldRows: ScheduleSource['fieldRows'] = [];
  for (const row of fieldPart) {
    if (isBlank(row)) continue;
    const [name, value, ...rest] = row;
    if (!name) continue;
    if (isEmpty(name.value)) fail(name, undefined, 'the field name is empty.');
    const n = asText(name.value).toLowerCase();
    if (n === 'field' && value && asText(value.value).toLowerCase() === 'value') continue;
    const extra = rest.find((c) => !isEmpty(c.value));
    if (extra) fail(extra, undefined, 'a loan field row has only a field name and a value.');
    fieldRows.push({ name, value: value ?? null });
  }
  return {
    fieldRows,
    header: headerIndex === -1 ? null : (rows[headerIndex] ?? null),
    rows: headerIndex === -1 ? [] : rows.slice(headerIndex + 1),
  };
}

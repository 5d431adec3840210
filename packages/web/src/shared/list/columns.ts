import {
  type CsvCellValue,
  csvNumber,
  formatDate,
  formatDateTime,
  formatMoney,
  formatMoneyCompact,
  formatNumber,
  formatPercent,
} from '@lm/domain';
import { type Column, readPath } from './list-types';

export function rawValue<R>(column: Column<R>, row: R): unknown {
  return column.value ? column.value(row) : readPath(row, column.field);
}

/** An id column ('id', 'loanId', 'investmentAccount/id'): shown as it is, without separators. */
export function isIdField(field: string): boolean {
  const last = field.split('/').at(-1) ?? field;
  return last === 'id' || /Id$/.test(last);
}

/** The text a cell shows (spec core §9 formats). */
export function formatCell<R>(column: Column<R>, row: R): string {
  const value = rawValue(column, row);
  if (value === null || value === undefined || value === '') return '';
  switch (column.kind ?? 'text') {
    case 'money':
      return formatMoney(value as number);
    case 'moneyCompact':
      return formatMoneyCompact(value as number);
    case 'percent':
      return formatPercent(value as number);
    case 'rate4':
      return formatPercent(value as number, 4);
    case 'integer':
      // ids are names, not quantities: never thousands separators
      return typeof value === 'number' && !isIdField(column.field) ? formatNumber(value) : String(value);
    case 'date':
      return formatDate(value as string);
    case 'datetime':
      return formatDateTime(value as string);
    case 'boolean':
      return value ? 'Yes' : 'No';
    case 'enum':
      return column.labels?.[String(value)] ?? String(value);
    default:
      return String(value);
  }
}

/**
 * What a CSV cell holds: amounts as plain decimals (1234.50, no symbol or separators) and other
 * numbers written as numbers, so a spreadsheet reads them as numbers (a negative amount too);
 * dates as shown on screen; enums by label; text as text (the CSV writer makes any formula inert).
 */
export function exportCell<R>(column: Column<R>, row: R): CsvCellValue {
  const value = rawValue(column, row);
  if (value === null || value === undefined) return '';
  switch (column.kind ?? 'text') {
    case 'money':
    case 'moneyCompact':
      return csvNumber(formatMoney(value as number).replace(/[$,]/g, ''));
    case 'percent':
    case 'rate4':
    case 'integer':
      return csvNumber(String(value));
    default:
      return formatCell(column, row);
  }
}

export function isSortable<R>(column: Column<R>): boolean {
  return column.sortable ?? (column.value === undefined || column.sortField !== undefined);
}

export function sortFieldOf<R>(column: Column<R>): string {
  return column.sortField ?? column.field;
}

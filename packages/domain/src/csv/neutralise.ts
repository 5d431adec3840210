/**
 * CSV formula neutralisation (OWASP "CSV Injection"): a spreadsheet opening a CSV runs a cell that
 * starts with `=`, `+`, `-` or `@` (and, in some readers, a tab or carriage return before one) as
 * a formula, so `=HYPERLINK(...)` in a client name would become a live link in the reader's
 * spreadsheet. Every CSV the product writes passes each cell through `neutraliseCsvCell`: such a
 * text gets a leading single quote and is read as text. Numbers the product writes as numbers stay
 * numbers: a negative amount is not quoted, because it is marked as a number, not guessed from its
 * text.
 */

/** The first characters that make a spreadsheet read a cell as a formula. */
export const csvFormulaTriggers: readonly string[] = ['=', '+', '-', '@', '\t', '\r'];

/** A cell the product writes as a number, e.g. an amount already formatted to cents (`-1234.50`). */
export interface CsvNumber {
  readonly csvNumber: string;
}

/** What a CSV writer may be handed for one cell. */
export type CsvCellValue = string | number | CsvNumber | null | undefined;

/** A plain decimal number as text: a spreadsheet reads it as that number and runs nothing. */
const plainNumber = /^-?\d+(\.\d+)?$/;

/** Marks a number (or its text, as the product formatted it) to be written as a number. */
export function csvNumber(value: number | string): CsvNumber {
  return { csvNumber: typeof value === 'number' ? numberText(value) : value };
}

function numberText(value: number): string {
  if (!Number.isFinite(value)) return String(value);
  // a plain decimal, never an exponent (1e21 would read back as text in some readers)
  return Math.abs(value) < 1e21 ? String(value) : value.toLocaleString('en-US', { useGrouping: false });
}

function isCsvNumber(value: unknown): value is CsvNumber {
  return typeof value === 'object' && value !== null && typeof (value as CsvNumber).csvNumber === 'string';
}

/** True when a spreadsheet would read this text as a formula. */
export function startsAsFormula(text: string): boolean {
  return text.length > 0 && csvFormulaTriggers.includes(text.charAt(0));
}

/**
 * The text of one CSV cell with any formula made inert: text starting with `=`, `+`, `-`, `@`,
 * tab or carriage return gets a leading `'`; a number (a JSON number or a `csvNumber`) is written
 * as the number, unless its text is not a plain decimal, which is then treated as text.
 */
export function neutraliseCsvCell(value: CsvCellValue): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') {
    const text = numberText(value);
    return plainNumber.test(text) ? text : neutraliseText(text);
  }
  if (isCsvNumber(value)) {
    return plainNumber.test(value.csvNumber) ? value.csvNumber : neutraliseText(value.csvNumber);
  }
  return neutraliseText(String(value));
}

function neutraliseText(text: string): string {
  return startsAsFormula(text) ? `'${text}` : text;
}

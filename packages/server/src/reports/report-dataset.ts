import type { ReportDefinition, ReportParameters } from '@lm/domain';

/**
 * What every report is before it becomes a file: a title, who and what it is about, the summary
 * figures, and its columns and rows (streamed). One renderer per format turns any dataset into a
 * file, so a report is written once and can be had as xlsx, pdf and csv.
 */

export type ColumnKind = 'text' | 'money' | 'date' | 'rate' | 'integer';

export interface ReportColumn {
  key: string;
  header: string;
  kind: ColumnKind;
  /** Width in characters (xlsx) and relative width (pdf). */
  width: number;
  /** Money columns summed into the totals row. */
  total?: boolean;
}

/**
 * One cell: text; money as integer cents (bigint); a business date as YYYY-MM-DD text; a rate as
 * its decimal text (percent); a count as a number; null for empty.
 */
export type ReportCell = string | bigint | number | null;
export type ReportRow = Record<string, ReportCell>;

export interface ReportSummaryLine {
  label: string;
  kind: 'money' | 'text' | 'date';
  value: ReportCell;
}

export interface ReportSubject {
  /** The lender's name, at the head of every statement. */
  lenderName: string;
  /** The account a statement is about, when it is about one. */
  account?: { id: number; name: string; billerCode: string | null; reference: string | null };
  /** The investors holding the account: name and address lines each. */
  investors?: { name: string; address: string[] }[];
  /** "01/07/2026 to 30/06/2027", "As at 30/06/2027", or the scope of a management report. */
  period: string;
  generatedAt: Date;
}

export interface ReportDataset {
  definition: ReportDefinition;
  parameters: ReportParameters;
  title: string;
  subject: ReportSubject;
  /** Figures before the table (opening balance) and after it (closing balance). */
  summaryBefore: ReportSummaryLine[];
  summaryAfter: ReportSummaryLine[];
  columns: ReportColumn[];
  rows: AsyncIterable<ReportRow>;
  /**
   * How many rows `rows` will yield, when the report can tell cheaply (one count first): a job's
   * progress is then rows written / row count. Without it a job reports its stages and the rows
   * written so far.
   */
  rowCount?: () => Promise<number>;
  /** The file name, without extension. */
  fileName: string;
}

/** The totals of the `total` columns, summed in cents as the rows stream past. */
export class ColumnTotals {
  private readonly sums = new Map<string, bigint>();
  constructor(private readonly columns: readonly ReportColumn[]) {
    for (const c of columns) if (c.total) this.sums.set(c.key, 0n);
  }
  get any(): boolean {
    return this.sums.size > 0;
  }
  add(row: ReportRow): void {
    for (const [key, sum] of this.sums) {
      const value = row[key];
      if (typeof value === 'bigint') this.sums.set(key, sum + value);
    }
  }
  row(label: string): ReportRow {
    const first = this.columns[0]?.key;
    const row: ReportRow = {};
    for (const c of this.columns) row[c.key] = this.sums.get(c.key) ?? null;
    if (first !== undefined && !this.sums.has(first)) row[first] = label;
    return row;
  }
}

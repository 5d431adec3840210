import crypto from 'node:crypto';
import { PassThrough } from 'node:stream';
import {
  type AvailableStatement,
  financialYearName,
  financialYearPeriod,
  ownStatementFileRoute,
  reportDefinition,
  statementFileRoute,
} from '@lm/domain';
import type { AppContext } from '../platform/context';
import { storeFile } from '../platform/stored-files';
import { renderPdf } from './render-pdf';
import type { ReportDataset, ReportRow } from './report-dataset';
import * as repo from './tax-statements.repository';

/**
 * Stored, versioned tax statements (issue "Reports and statements"; docs/decisions/009-reports.md).
 * Each time a closed financial year's Account Tax Statement is generated, its content (the
 * figures, and the ids of the ledger entries it summarises) is hashed with sha-256; when the hash
 * differs from the latest stored version's (or there is none) a new version is stored with its PDF
 * and its entries. A correction of the ledger is therefore a new version, never an overwrite, and
 * generating again with nothing changed stores nothing.
 */

export const taxStatementId = 'account-tax-statement';

/** The figures of a statement as text: bigint cents as their digits. */
function canonical(value: unknown): unknown {
  if (typeof value === 'bigint') return value.toString();
  if (Array.isArray(value)) return value.map(canonical);
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(
      Object.keys(value)
        .sort()
        .map((key) => [key, canonical((value as Record<string, unknown>)[key])]),
    );
  }
  return value;
}

/** sha-256 (hex) of the statement's content: what it says, not when or in which format it was made. */
export function statementContentHash(content: {
  reportType: string;
  accountId: number;
  financialYear: number;
  summary: { label: string; value: unknown }[];
  rows: ReportRow[];
  ledgerEntryIds: readonly number[];
}): string {
  return crypto
    .createHash('sha256')
    .update(JSON.stringify(canonical(content)))
    .digest('hex');
}

async function* fromArray(rows: readonly ReportRow[]): AsyncGenerator<ReportRow> {
  for (const row of rows) yield row;
}

async function pdfOf(dataset: ReportDataset, rows: readonly ReportRow[]): Promise<Buffer> {
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on('data', (chunk: Buffer) => chunks.push(chunk));
  const ended = new Promise<void>((resolve, reject) => {
    out.on('end', resolve);
    out.on('error', reject);
  });
  await renderPdf({ ...dataset, parameters: { ...dataset.parameters, format: 'pdf' }, rows: fromArray(rows) }, out);
  await ended;
  return Buffer.concat(chunks);
}

export interface RecordedStatement {
  /** The dataset again, its rows read once and kept (a tax statement has a dozen lines). */
  dataset: ReportDataset;
  statementId: number;
  version: number;
  /** A new version was stored by this generation. */
  created: boolean;
}

/**
 * Records a generated tax statement of a closed financial year (the dataset refuses an open one)
 * and answers the dataset to render, with its rows kept in memory.
 */
export async function recordTaxStatement(
  ctx: AppContext,
  dataset: ReportDataset,
  generatedByUserId: number,
): Promise<RecordedStatement> {
  const { accountId, financialYear } = dataset.parameters;
  if (accountId === undefined || financialYear === undefined) {
    throw new Error('a tax statement names its account and financial year');
  }
  const period = financialYearPeriod(financialYear);
  const rows: ReportRow[] = [];
  for await (const row of dataset.rows) rows.push(row);
  const kept: ReportDataset = { ...dataset, rows: fromArray(rows) };
  const ledgerEntryIds = await repo.ledgerEntryIdsOf(ctx.db, accountId, period.startDate, period.endDate);
  const contentHash = statementContentHash({
    reportType: dataset.definition.id,
    accountId,
    financialYear,
    summary: [...dataset.summaryBefore, ...dataset.summaryAfter].map((s) => ({ label: s.label, value: s.value })),
    rows,
    ledgerEntryIds,
  });
  const pdf = await pdfOf(dataset, rows);
  return ctx.db.transaction().execute(async (trx) => {
    await repo.lockStatements(trx, accountId);
    const latest = await repo.latestVersion(trx, accountId, dataset.definition.id, period.endDate);
    if (latest && latest.contentHash === contentHash) {
      return { dataset: kept, statementId: latest.id, version: latest.version, created: false };
    }
    const version = (latest?.version ?? 0) + 1;
    const fileName = `${dataset.fileName.replace(/[^A-Za-z0-9-]+/g, '-')}-v${version}.pdf`;
    const fileId = await storeFile(trx, { fileName, contentType: 'application/pdf', bytes: pdf });
    const statementId = await repo.insertStatement(trx, {
      investmentAccountId: accountId,
      reportType: dataset.definition.id,
      financialYear,
      version,
      periodStart: period.startDate,
      periodEnd: period.endDate,
      contentHash,
      fileName,
      fileId,
      generatedByUserId,
      createdAt: dataset.subject.generatedAt,
    });
    await repo.insertStatementEntries(trx, statementId, ledgerEntryIds);
    return { dataset: kept, statementId, version, created: true };
  });
}

/** One stored statement as Available Statements lists it, with the call that downloads it. */
export function availableStatementOf(row: repo.StoredStatementRow, investor: boolean): AvailableStatement {
  const definition = reportDefinition(row.reportType);
  const route = investor ? ownStatementFileRoute : statementFileRoute;
  return {
    statementId: row.id,
    reportType: taxStatementId,
    financialYear: row.financialYear,
    version: row.version,
    label: `${definition?.label ?? row.reportType} ${financialYearName(row.financialYear)}`,
    periodStart: row.periodStart,
    periodEnd: row.periodEnd,
    generatedAt: row.createdAt.toISOString(),
    contentHash: row.contentHash,
    fileName: row.fileName,
    downloadUrl: route.path
      .replace(':accountId', String(row.investmentAccountId))
      .replace(':statementId', String(row.id)),
  };
}

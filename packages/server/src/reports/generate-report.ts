import { PassThrough, type Writable } from 'node:stream';
import {
  AppError,
  accountMessages,
  checkReportParameters,
  loanMessages,
  type ReportFormat,
  type ReportRequestBody,
  Role,
  reportContentTypes,
  reportDefinition,
  reportMessages,
} from '@lm/domain';
import type { FastifyReply } from 'fastify';
import { assertOwnAccount } from '../platform/access/account-access';
import type { Actor } from '../platform/auth/tokens';
import type { AppContext } from '../platform/context';
import { renderCsv } from './render-csv';
import { renderPdf } from './render-pdf';
import { renderXlsx } from './render-xlsx';
import type { ReportDataset } from './report-dataset';
import { reportDatasets } from './report-datasets';
import * as repo from './reports.repository';
import { recordTaxStatement, taxStatementId } from './tax-statements';

/**
 * Generating a report (DESIGN §1 "reports"): the definition from the registry, the caller's
 * right to it, its parameters checked by the domain's rules, the objects it names found (an
 * investor reaches only their own accounts: another's is 404), then the dataset, rendered as it
 * streams into the reply. Everything that can refuse is checked before the first byte is sent.
 */

/** Who asks: management through api/reports, an investor through api/user/reports. */
export type ReportCaller = { kind: 'management'; actor: Actor } | { kind: 'investor'; actor: Actor };

/**
 * Checks a report request and builds its dataset (rows not yet read). With `store`, a closed
 * financial year's tax statement is also recorded (tax-statements.ts): a request that only checks
 * before answering 202 leaves that to the job.
 */
export async function prepareReport(
  ctx: AppContext,
  caller: ReportCaller,
  reportId: string,
  body: ReportRequestBody,
  options: { store: boolean } = { store: true },
): Promise<ReportDataset> {
  const definition = reportDefinition(reportId);
  if (!definition) throw new AppError('NOT_FOUND', reportMessages.notValid);
  const role = caller.kind === 'investor' ? Role.INVESTOR : Role.MANAGEMENT;
  if (!definition.roles.includes(role)) throw new AppError('FORBIDDEN', reportMessages.notForRole);

  const { parameters, issues } = checkReportParameters(definition, body, {
    role,
    investorEndDateMax: ctx.config.investorReportEndDateMax,
  });
  const first = issues[0];
  if (first) throw new AppError('VALIDATION_FAILED', first.message, issues);

  if (parameters.accountId !== undefined) {
    if (caller.kind === 'investor') await assertOwnAccount(ctx.db, caller.actor, parameters.accountId);
    else if (!(await repo.statementAccount(ctx.db, parameters.accountId))) {
      throw new AppError('NOT_FOUND', accountMessages.investmentAccountNotFound);
    }
  }
  if (parameters.loanId !== undefined && !(await repo.loanExists(ctx.db, parameters.loanId))) {
    throw new AppError('NOT_FOUND', loanMessages.loanNotFound);
  }

  const build = reportDatasets[definition.id];
  if (!definition.available || !build) throw new AppError('RULE_REFUSED', reportMessages.notAvailable);
  const dataset = await build(ctx, { definition, parameters });
  if (options.store && definition.id === taxStatementId) {
    return (await recordTaxStatement(ctx, dataset, caller.actor.userId)).dataset;
  }
  return dataset;
}

export const renderers: Record<ReportFormat, (dataset: ReportDataset, out: Writable) => Promise<void>> = {
  xlsx: renderXlsx,
  pdf: renderPdf,
  csv: renderCsv,
};

/** The file's name with its extension: letters, digits and dashes only. */
export function reportFileName(dataset: ReportDataset): string {
  const base = dataset.fileName.replace(/[^A-Za-z0-9-]+/g, '-');
  return `${base}.${dataset.parameters.format}`;
}

/**
 * Answers the report as a file. The rows are read and rendered while the reply streams; a
 * failure after the first byte can only cut the download short, and is logged.
 */
export function sendReport(reply: FastifyReply, dataset: ReportDataset): FastifyReply {
  const format = dataset.parameters.format;
  const body = new PassThrough();
  renderers[format](dataset, body).catch((error: unknown) => {
    reply.log.error({ err: error, report: dataset.definition.id }, 'report rendering failed');
    body.destroy(error as Error);
  });
  return reply
    .header('content-type', reportContentTypes[format])
    .header('content-disposition', `attachment; filename="${reportFileName(dataset)}"`)
    .header('cache-control', 'private, no-store')
    .header('x-content-type-options', 'nosniff')
    .send(body);
}

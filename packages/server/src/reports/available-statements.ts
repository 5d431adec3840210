import { AppError, type AvailableStatement, accountMessages, reportDefinition, reportMessages } from '@lm/domain';
import { assertOwnAccount } from '../platform/access/account-access';
import type { AppContext } from '../platform/context';
import { type StoredFile, storedFile } from '../platform/stored-files';
import type { ReportCaller } from './generate-report';
import * as repo from './reports.repository';
import { availableStatementOf, taxStatementId } from './tax-statements';
import * as statements from './tax-statements.repository';

/**
 * Available Statements (investor-and-admin §2 "Account Tax Statement (a file link chosen from
 * Available Statements)", §7): the stored versions of an account's tax statements, newest year
 * and version first (an investor's within the end-date limit), each with the call that downloads
 * the file issued with it. A statement is stored when a closed financial year's tax statement is
 * generated (tax-statements.ts).
 */
export async function availableStatements(
  ctx: AppContext,
  caller: ReportCaller,
  accountId: number,
  reportType: string,
): Promise<AvailableStatement[]> {
  const definition = reportDefinition(reportType);
  if (definition?.id !== taxStatementId) throw new AppError('NOT_FOUND', reportMessages.notValid);
  await assertAccount(ctx, caller, accountId);
  const investor = caller.kind === 'investor';
  const rows = await statements.storedStatements(
    ctx.db,
    accountId,
    definition.id,
    investor ? ctx.config.investorReportEndDateMax : undefined,
  );
  return rows.map((row) => availableStatementOf(row, investor));
}

async function assertAccount(ctx: AppContext, caller: ReportCaller, accountId: number): Promise<void> {
  if (caller.kind === 'investor') await assertOwnAccount(ctx.db, caller.actor, accountId);
  else if ((await repo.accountOpenedOn(ctx.db, accountId)) === undefined) {
    throw new AppError('NOT_FOUND', accountMessages.investmentAccountNotFound);
  }
}

/**
 * The file of one stored statement of the account: an investor's own account only, and within
 * the end-date limit; anything else answers 404.
 */
export async function statementFile(
  ctx: AppContext,
  caller: ReportCaller,
  accountId: number,
  statementId: number,
): Promise<StoredFile> {
  await assertAccount(ctx, caller, accountId);
  const row = await statements.storedStatement(ctx.db, accountId, statementId);
  const hidden = caller.kind === 'investor' && row !== undefined && row.periodEnd > ctx.config.investorReportEndDateMax;
  const file = row && !hidden ? await storedFile(ctx.db, row.fileId) : undefined;
  if (!file) throw new AppError('NOT_FOUND', reportMessages.statementNotFound);
  return file;
}

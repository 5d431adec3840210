import {
  AppError,
  type AvailableStatement,
  accountMessages,
  availableStatementsMax,
  closedFinancialYears,
  financialYearName,
  financialYearPeriod,
  generateOwnReportRoute,
  generateReportRoute,
  reportDefinition,
  reportMessages,
  sydneyDate,
} from '@lm/domain';
import { assertOwnAccount } from '../platform/access/account-access';
import type { AppContext } from '../platform/context';
import type { ReportCaller } from './generate-report';
import * as repo from './reports.repository';

/**
 * Available Statements (investor-and-admin §2 "Account Tax Statement (a file link chosen from
 * Available Statements)", §7): the tax statements of an account's closed financial years since it
 * opened, newest first (an investor's within the end-date limit), each with the call that
 * downloads it. They are generated on request from the ledger; storing each with a content hash
 * is docs/decisions/009-reports.md's next step.
 */
export async function availableStatements(
  ctx: AppContext,
  caller: ReportCaller,
  accountId: number,
  reportType: string,
): Promise<AvailableStatement[]> {
  const definition = reportDefinition(reportType);
  if (definition?.id !== 'account-tax-statement') throw new AppError('NOT_FOUND', reportMessages.notValid);
  if (caller.kind === 'investor') await assertOwnAccount(ctx.db, caller.actor, accountId);
  const opened = await repo.accountOpenedOn(ctx.db, accountId);
  if (opened === undefined) throw new AppError('NOT_FOUND', accountMessages.investmentAccountNotFound);
  const limit = caller.kind === 'investor' ? ctx.config.investorReportEndDateMax : undefined;
  const route = caller.kind === 'investor' ? generateOwnReportRoute : generateReportRoute;
  return closedFinancialYears(sydneyDate(ctx.clock.now()), availableStatementsMax, limit)
    .filter((year) => financialYearPeriod(year).endDate >= opened)
    .map((year) => {
      const period = financialYearPeriod(year);
      return {
        reportType: definition.id,
        financialYear: year,
        label: `${definition.label} ${financialYearName(year)}`,
        periodStart: period.startDate,
        periodEnd: period.endDate,
        fileName: `${definition.fileName}-${accountId}-FY${year}.${definition.defaultFormat}`,
        download: {
          method: 'POST' as const,
          path: route.path.replace(':reportId', definition.id),
          body: { accountId, financialYear: year, format: definition.defaultFormat },
        },
      };
    });
}

import {
  badRequest,
  Decimal,
  type ProcessedSchedule,
  type ScheduleProvider,
  scheduleProviders,
  topUpsPerLoanMax,
} from '@lm/domain';
import type { AppContext } from '../platform/context';
import { selectMandateAccountsAbove } from './loans.repository';
import { readScheduleFile } from './schedule-file';

export type MandateOption = ProcessedSchedule['investmentTopups'][number];

export function scheduleProvider(value: unknown): ScheduleProvider {
  const provider = String(value ?? '').toLowerCase();
  if (!(scheduleProviders as readonly string[]).includes(provider)) {
    throw badRequest(
      `Unknown schedule provider '${String(value ?? '')}'; use provider=${scheduleProviders.join(' or ')}.`,
    );
  }
  return provider as ScheduleProvider;
}

/**
 * POST api/loans/processFile?provider=standard: the uploaded schedule as exactly one draft loan with
 * its repayments (the shape of the POST api/loans body), and its mandate options: the investment
 * accounts whose mandate rate exceeds the loan's base rate, offered active. Nothing is stored.
 */
export async function processScheduleFile(
  ctx: AppContext,
  content: Buffer,
  provider: ScheduleProvider,
): Promise<ProcessedSchedule[]> {
  const draft = await readScheduleFile(content, provider);
  const accounts = await selectMandateAccountsAbove(ctx.db, String(draft.loan.baseInterestRate), topUpsPerLoanMax);
  const investmentTopups = accounts.map((a) => ({
    investmentAccountId: a.id,
    mandateRate: new Decimal(a.mandateRate ?? '0').toNumber(),
    isActive: true,
    investmentAccount: {
      id: a.id,
      name: a.name,
      mandateMaxExposure: a.mandateMaxExposure === null ? null : new Decimal(a.mandateMaxExposure).toNumber(),
      mandateMaxTerm: a.mandateMaxTerm,
      mandateMaxTermUnit: a.mandateMaxTermUnit,
    },
  }));
  return [{ ...draft, investmentTopups }];
}

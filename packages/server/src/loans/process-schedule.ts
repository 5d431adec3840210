import {
  badRequest,
  Decimal,
  type ScheduleDraft,
  type ScheduleProvider,
  scheduleProviders,
  topUpsPerLoanMax,
} from '@lm/domain';
import { sql } from 'kysely';
import type { AppContext } from '../platform/context';
import { readScheduleFile } from './schedule-file';

export interface MandateOption {
  investmentAccountId: number;
  mandateRate: number;
  isActive: boolean;
  investmentAccount: {
    id: number;
    name: string;
    mandateMaxExposure: number | null;
    mandateMaxTerm: number | null;
    mandateMaxTermUnit: string | null;
  };
}

export type ProcessedSchedule = ScheduleDraft & { investmentTopups: MandateOption[] };

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
  const accounts = await ctx.db
    .selectFrom('investmentAccounts')
    .select(['id', 'name', 'mandateRate', 'mandateMaxExposure', 'mandateMaxTerm', 'mandateMaxTermUnit'])
    .where('mandateRate', 'is not', null)
    .where(sql<boolean>`mandate_rate > ${String(draft.loan.baseInterestRate)}::numeric`)
    .orderBy('id')
    .limit(topUpsPerLoanMax)
    .execute();
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

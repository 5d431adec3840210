import {
  AppError,
  badRequest,
  Decimal,
  loanMessages,
  type ProcessedSchedule,
  type ScheduleDraft,
  type ScheduleProvider,
  scheduleBytesMax,
  scheduleProviders,
  topUpsPerLoanMax,
} from '@lm/domain';
import type { AppContext } from '../platform/context';
import { type FileUpload, readUploadedFile, withUploadSlot } from '../platform/uploads/upload-file';
import { selectMandateAccountsAbove } from './loans.repository';
import { readScheduleFile } from './schedule-file';
import { refuseThirdPartyIdInUse } from './third-party-id';

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
 * The one file of a schedule upload, received and read in one of the process's upload slots within
 * the limits of platform/uploads (at most 5 MB), then processed as below.
 */
export async function processScheduleUpload(
  ctx: AppContext,
  upload: FileUpload,
  provider: ScheduleProvider,
): Promise<ProcessedSchedule[]> {
  const draft = await withUploadSlot(async () => {
    const content = await readUploadedFile(upload, scheduleBytesMax);
    if (!content) throw new AppError('INVALID_FILE', loanMessages.repaymentsUnprocessable);
    return readScheduleFile(content, provider);
  });
  return processScheduleFile(ctx, draft);
}

/**
 * POST api/loans/processFile?provider=standard: the uploaded schedule (read by schedule-file.ts) as exactly one draft loan with
 * its repayments (the shape of the POST api/loans body), and its mandate options: the investment
 * accounts whose mandate rate exceeds the loan's base rate, offered active. Nothing is stored. A
 * schedule whose thirdPartyId a loan already has is refused, naming that loan.
 */
export async function processScheduleFile(ctx: AppContext, draft: ScheduleDraft): Promise<ProcessedSchedule[]> {
  await refuseThirdPartyIdInUse(ctx.db, draft.loan.thirdPartyId);
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

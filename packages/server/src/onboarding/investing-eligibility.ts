import { certificateStatus, onboardingMessages, refuse, sydneyDate } from '@lm/domain';
import type { Executor } from '../platform/db/database';
import { selectAccreditation } from './onboarding.repository';

/**
 * Investing is refused while an account holder's sophisticated-investor certificate has expired:
 * it is valid for two years from its issue date (the investor record's accredited date, kept from
 * the application), and expired from its expiry date on. Holders with no certificate date (the
 * seeded investors, other accreditation levels) are not affected.
 */
export async function refuseExpiredCertificate(db: Executor, investmentAccountId: number, now: Date): Promise<void> {
  const today = sydneyDate(now);
  for (const holder of await selectAccreditation(db, investmentAccountId)) {
    if (holder.accreditationLevel !== 'SOPHISTICATED' || !holder.accreditedDate) continue;
    if (certificateStatus(holder.accreditedDate, today) === 'expired')
      throw refuse(onboardingMessages.certificateExpired);
  }
}

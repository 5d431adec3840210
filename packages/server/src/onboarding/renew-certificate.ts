import {
  badRequest,
  certificateExpiryDate,
  certificateStatus,
  isIsoDate,
  notFound,
  onboardingMessages,
  peopleMessages,
  type RenewCertificateBody,
  type RouteData,
  refuse,
  type renewCertificateRoute,
  sydneyDate,
} from '@lm/domain';
import type { AuditContext } from '../platform/audit/audit';
import type { AppContext } from '../platform/context';
import { lockInvestorAccreditation, setInvestorAccreditation } from './onboarding.repository';

export type CertificateRenewed = RouteData<typeof renewCertificateRoute>;

/**
 * POST api/investors/{id}/actions/renewCertificate: a new certificate's issue date (a real date, not
 * after today, not already expired) makes the investor SOPHISTICATED again until two years on.
 */
export async function renewCertificate(
  ctx: AppContext,
  investorId: number,
  body: RenewCertificateBody,
  audit: AuditContext,
): Promise<CertificateRenewed> {
  const today = sydneyDate(ctx.clock.now());
  const field = (message: string) => badRequest(message, [{ field: 'issueDate', message }]);
  if (!isIsoDate(body.issueDate)) throw field(onboardingMessages.dateInvalid);
  if (body.issueDate > today) throw field(onboardingMessages.dateAfterToday);
  if (certificateStatus(body.issueDate, today) === 'expired') throw refuse(onboardingMessages.certificateExpired);
  await ctx.db.transaction().execute(async (trx) => {
    const before = await lockInvestorAccreditation(trx, investorId);
    if (!before) throw notFound(peopleMessages.investorNotFound);
    await setInvestorAccreditation(trx, investorId, 'SOPHISTICATED', body.issueDate);
    await audit.record(trx, {
      objectType: 'investor',
      objectId: investorId,
      before,
      after: { accreditationLevel: 'SOPHISTICATED', accreditedDate: body.issueDate },
    });
  });
  return {
    investorId,
    accreditationLevel: 'SOPHISTICATED',
    certificateIssueDate: body.issueDate,
    certificateExpiryDate: certificateExpiryDate(body.issueDate),
  };
}

import {
  addDays,
  certificateExpiryNoticeDays,
  formatDate,
  sophisticatedCertificateValidityYears,
  sydneyDate,
} from '@lm/domain';
import type { DailyJob } from '../platform/jobs';
import { claimExpiryNotice, releaseExpiryNotice, selectCertificatesExpiring } from './onboarding.repository';

/**
 * The daily job that tells each investor, a month before, that their sophisticated-investor
 * certificate expires (two years after its issue date), once per expiry date: from that date they
 * cannot invest until a new certificate is on file.
 */
export const certificateExpiryNoticeJob: DailyJob = {
  name: 'certificate-expiry-notices',
  async run(ctx) {
    const now = ctx.clock.now();
    const today = sydneyDate(now);
    const due = await selectCertificatesExpiring(
      ctx.db,
      today,
      addDays(today, certificateExpiryNoticeDays),
      sophisticatedCertificateValidityYears,
    );
    let mailed = 0;
    for (const investor of due) {
      if (!(await claimExpiryNotice(ctx.db, investor.investorId, investor.expiryDate, now))) continue;
      try {
        await ctx.mailer.send({
          to: investor.email,
          subject: 'Your sophisticated investor certificate expires soon',
          text: [
            investor.firstName ? `Hello ${investor.firstName},` : 'Hello,',
            '',
            `Your sophisticated investor certificate expires on ${formatDate(investor.expiryDate)}, two years after it was issued.`,
            'From that date you cannot invest in new loans until we have a new certificate. Please send a current certificate from your accountant to our support team before then.',
            '',
            'Your existing investments and repayments are not affected.',
          ].join('\r\n'),
        });
        mailed += 1;
      } catch (error) {
        // not sent: the next run tries again
        await releaseExpiryNotice(ctx.db, investor.investorId, investor.expiryDate);
        throw error;
      }
    }
    return { due: due.length, mailed };
  },
};

import {
  type approveApplicationRoute,
  conflict,
  type DenyApplicationBody,
  type denyApplicationRoute,
  onboardingMessages,
  type RouteData,
} from '@lm/domain';
import { createInvestmentAccount } from '../accounts';
import type { AuditContext } from '../platform/audit/audit';
import type { Actor } from '../platform/auth/tokens';
import type { AppContext } from '../platform/context';
import { sealTfn } from '../platform/crypto/tfn-cipher';
import type { Tx } from '../platform/db/database';
import { hashCode, insertCode, newNumericCode, retireCodes } from '../session';
import { type Address, applicationFacts } from './application-data';
import {
  type ApplicationRecord,
  finaliseApplication,
  insertInvestorRecord,
  insertInvestorUser,
  lockApplication,
  userEmailTaken,
} from './onboarding.repository';
import { findApplication } from './review-applications';

/** The lender's BPAY biller code every investment account is paid into (the seed's accounts have the same). */
export const lenderBpayBillerCode = '287813';

/** How long the mailed code of a new investor sets a password (after that, Forgot Password mails a new one). */
export const welcomeCodeTtlMs = 7 * 24 * 60 * 60_000;

export const decisionMessages = {
  emailTaken: (email: string) =>
    `A user with the email ${email} already exists, so this application cannot create another; deny it or ask the applicant to apply with another email address.`,
} as const;

async function lockPending(trx: Tx, id: number): Promise<ApplicationRecord> {
  const record = await lockApplication(trx, id);
  if (!record) await findApplication(trx, id); // 404
  if (!record || record.finalisedDate !== null || record.status !== 'PENDING') {
    throw conflict(onboardingMessages.notPending);
  }
  return record;
}

function streetOf(address: Address | null): string | null {
  if (!address) return null;
  return [address.line1, address.line2].filter((part) => part && part.trim() !== '').join(', ') || null;
}

export type Approved = RouteData<typeof approveApplicationRoute>;
export type Denied = RouteData<typeof denyApplicationRoute>;

/**
 * POST api/onboarding/applications/{id}/approve, only while pending: in one transaction the user
 * (INVESTOR, no password yet), the investor record, the investment account with the lender's BPAY
 * biller code and its reference (with its check digit), and a 6-digit code for POST
 * api/user/confirm-reset; then the applicant is mailed their username and the code.
 */
export async function approveApplication(
  ctx: AppContext,
  actor: Actor,
  id: number,
  audit: AuditContext,
): Promise<Approved> {
  const now = ctx.clock.now();
  const code = newNumericCode();
  let email = '';
  const outcome = await ctx.db
    .transaction()
    .execute(async (trx) => {
      const record = await lockPending(trx, id);
      const facts = applicationFacts(record.data);
      email = facts.email;
      if (await userEmailTaken(trx, facts.email)) throw conflict(decisionMessages.emailTaken(facts.email));
      const userId = await insertInvestorUser(trx, {
        email: facts.email,
        firstName: facts.firstName,
        middleName: facts.middleName,
        lastName: facts.lastName,
        mobileNumber1: facts.contactNumber,
        now,
      });
      const address = facts.mailingAddress ?? facts.registeredAddress;
      // the investor record keeps the number encrypted too; staff see it masked (investors feature)
      const tfn = sealTfn(ctx.config.dataDir, facts.taxFileNumber);
      const investorId = await insertInvestorRecord(trx, {
        userId,
        taxFileNumber: tfn,
        addressStreetName: streetOf(address),
        addressSuburb: address?.suburb ?? null,
        addressState: address?.state ?? null,
        addressPostcode: address?.postcode ?? null,
        addressCountry: address?.country ?? null,
        investorType: facts.investorType,
        accreditationLevel: facts.accreditationLevel || null,
        accreditedDate: facts.certificateIssueDate,
        now,
      });
      const investmentAccountId = await createInvestmentAccount(
        trx,
        {
          name: facts.entityName || `${facts.firstName} ${facts.lastName}`.trim(),
          bpayBillerCode: lenderBpayBillerCode,
          isForeign: facts.australianTaxRegistered === false && facts.internationalTaxRegistered === true,
          investorIds: [investorId],
        },
        audit,
        now,
      );
      await retireCodes(trx, userId, 'EMAIL_CONFIRMATION', now);
      await insertCode(
        trx,
        { userId, purpose: 'EMAIL_CONFIRMATION', expiresAt: new Date(now.getTime() + welcomeCodeTtlMs) },
        (salt) => hashCode(code, salt),
      );
      await finaliseApplication(trx, id, { status: 'APPROVED', finalisedBy: actor.userId, now, createdUserId: userId });
      await audit.recordMany(trx, [
        {
          objectType: 'user',
          objectId: userId,
          after: { email: facts.email, type: 'INVESTOR', status: 'UNCONFIRMED' },
        },
        {
          objectType: 'investor',
          objectId: investorId,
          after: { userId, investorType: facts.investorType, accreditationLevel: facts.accreditationLevel },
        },
        {
          objectType: 'onboardingApplication',
          objectId: id,
          before: { status: record.status },
          after: { status: 'APPROVED', userId, investorId, investmentAccountId },
        },
      ]);
      return { record, facts, userId, investorId, investmentAccountId };
    })
    .catch((error: unknown) => {
      // another approval created a user with this email at the same moment
      if ((error as { code?: string }).code === '23505' && email) throw conflict(decisionMessages.emailTaken(email));
      throw error;
    });
  await ctx.mailer.send({
    to: outcome.facts.email,
    subject: 'Your investor account is ready',
    text: [
      outcome.facts.firstName ? `Hello ${outcome.facts.firstName},` : 'Hello,',
      '',
      `Your application ${outcome.record.applicationId} has been approved and your investor account is open.`,
      '',
      `Your username: ${outcome.facts.email}`,
      `Your code:     ${code}`,
      '',
      'To set your password, open the login page, choose Forgot Password, then Enter Code, and enter your username, this code and a new password.',
      'The code can be used once and expires in 7 days; after that, Forgot Password sends a new one.',
    ].join('\r\n'),
  });
  return {
    id,
    applicationId: outcome.record.applicationId,
    status: 'APPROVED',
    finalisedDate: now.toISOString(),
    investorId: outcome.investorId,
    userId: outcome.userId,
    investmentAccountId: outcome.investmentAccountId,
    username: outcome.facts.email,
  };
}

/** POST api/onboarding/applications/{id}/deny, only while pending: decided, audited, and the applicant told. */
export async function denyApplication(
  ctx: AppContext,
  actor: Actor,
  id: number,
  body: DenyApplicationBody,
  audit: AuditContext,
): Promise<Denied> {
  const now = ctx.clock.now();
  const record = await ctx.db.transaction().execute(async (trx) => {
    const locked = await lockPending(trx, id);
    await finaliseApplication(trx, id, { status: 'DENIED', finalisedBy: actor.userId, now, createdUserId: null });
    await audit.record(trx, {
      objectType: 'onboardingApplication',
      objectId: id,
      before: { status: locked.status },
      after: { status: 'DENIED', reason: body.reason ?? null },
    });
    return locked;
  });
  const facts = applicationFacts(record.data);
  if (facts.email) {
    await ctx.mailer.send({
      to: facts.email,
      subject: 'Your investor application',
      text: [
        facts.firstName ? `Hello ${facts.firstName},` : 'Hello,',
        '',
        `Thank you for your application ${record.applicationId}. After review, we are unable to open an investor account for you at this time.`,
        '',
        'If you have questions, please contact our support team (8:30am-5:30pm Monday to Friday AEST).',
      ].join('\r\n'),
    });
  }
  return { id, applicationId: record.applicationId, status: 'DENIED', finalisedDate: now.toISOString() };
}

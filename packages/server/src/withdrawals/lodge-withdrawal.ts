import {
  AppError,
  accountMessages,
  centsFromNumber,
  centsToNumber,
  centsToString,
  formatCents,
  type LodgedWithdrawal,
  type WithdrawBody,
  withdrawalCodeTtlMs,
  withdrawThrottleMs,
} from '@lm/domain';
import { isAvailableBalanceRefusal, postMoney } from '../ledger';
import { assertOwnAccount } from '../platform/access/account-access';
import type { AuditContext } from '../platform/audit/audit';
import type { Actor } from '../platform/auth/tokens';
import type { AppContext } from '../platform/context';
import * as rateLimit from '../platform/rate-limit';
import { hashCode, newNumericCode } from '../session';
import { releaseExpiredRequests } from './release-expired-requests';
import { insertRequest, selectBankAccountIds, selectUserMail, setRequestCodeAndRow } from './withdrawals.repository';

/** The throttle of investor-and-admin §9 ("Withdraw action throttled 5 s"), per account. */
export const withdrawRequestsPerAccount: rateLimit.Limit = { max: 1, windowMs: withdrawThrottleMs };

/** The salt of a request's code hash: the code is bound to that one request. */
export const withdrawalCodeSalt = (requestId: number) => `withdrawal-request:${requestId}`;

/**
 * An investor lodges a withdrawal (investor-and-admin §2 Profile "Withdraw Funds", §5, §7): a
 * pending debit of the account to the trust bank account that reserves the amount at once, and a
 * 6-digit code mailed to the investor (cryptographically random, single use, 10 minutes, 5 tries,
 * bound to this request). Staff see the request only once it is verified.
 */
export async function lodgeWithdrawal(
  ctx: AppContext,
  actor: Actor,
  investmentAccountId: number,
  body: WithdrawBody,
  audit: AuditContext,
  options: {
    /** The per-account throttle (default on; the concurrency test and the seed turn it off). */
    throttle?: boolean;
    /** Mail the code to the investor (default on; the seed, which verifies its own requests, turns it off). */
    mailCode?: boolean;
  } = {},
): Promise<LodgedWithdrawal> {
  await assertOwnAccount(ctx.db, actor, investmentAccountId);
  const now = ctx.clock.now();
  if (options.throttle !== false) {
    const hits = await rateLimit.hit(
      ctx.db,
      `withdraw:account:${investmentAccountId}`,
      withdrawRequestsPerAccount,
      now,
    );
    if (hits > withdrawRequestsPerAccount.max)
      throw new AppError('TOO_MANY_REQUESTS', accountMessages.withdrawThrottled);
  }
  await releaseExpiredRequests(ctx, { investmentAccountId });
  const amountCents = centsFromNumber(body.amount, true);
  const code = newNumericCode();
  const codeExpiresAt = new Date(now.getTime() + withdrawalCodeTtlMs);

  const lodged = await ctx.db.transaction().execute(async (trx) => {
    const bankAccountIds = await selectBankAccountIds(trx, investmentAccountId);
    if (bankAccountIds.length === 0) throw new AppError('RULE_REFUSED', accountMessages.noBankAccount);
    if (!bankAccountIds.includes(body.bankAccountId)) {
      throw new AppError('RULE_REFUSED', accountMessages.bankAccountNotOfAccount);
    }
    const requestId = await insertRequest(trx, {
      investmentAccountId,
      bankAccountId: body.bankAccountId,
      amount: centsToString(amountCents),
      codeExpiresAt,
      requestedBy: actor.userId,
      now,
    });
    // one statement locks the account, refuses an amount above its available balance under the
    // lock, and writes the pending entry (the reservation), its row and the audit record
    let transactionId: number;
    try {
      const { transactionIds } = await postMoney(
        trx,
        {
          kind: 'WITHDRAWAL',
          description: `Withdrawal request ${requestId}`,
          pending: true,
          createdBy: actor.userId,
          accountRows: [
            {
              investmentAccountId,
              type: 'WITHDRAWAL',
              amountCents: -amountCents,
              withdrawalRequestId: requestId,
            },
          ],
          systemPostings: [{ kind: 'TRUST_BANK', amountCents }],
        },
        now,
        {
          context: audit,
          objectType: 'withdrawalRequest',
          objectId: requestId,
          after: { investmentAccountId, bankAccountId: body.bankAccountId, amount: amountCents, status: 'UNVERIFIED' },
          withEntryId: false,
        },
      );
      transactionId = transactionIds[0]!;
    } catch (error) {
      if (isAvailableBalanceRefusal(error)) throw new AppError('RULE_REFUSED', accountMessages.amountAboveAvailable);
      throw error;
    }
    await setRequestCodeAndRow(trx, requestId, hashCode(code, withdrawalCodeSalt(requestId)), transactionId);
    return { requestId, transactionId };
  });

  if (options.mailCode !== false) await mailWithdrawalCode(ctx, actor, investmentAccountId, amountCents, code);
  return {
    id: lodged.requestId,
    withdrawalRequestId: lodged.requestId,
    transactionId: lodged.transactionId,
    investmentAccountId,
    amount: centsToNumber(amountCents),
    status: 'UNVERIFIED',
    codeExpiresAt: codeExpiresAt.toISOString(),
  };
}

/** Mails a withdrawal's code to the investor (when lodged, and when a new one is asked for). */
export async function mailWithdrawalCode(
  ctx: AppContext,
  actor: Actor,
  investmentAccountId: number,
  amountCents: bigint,
  code: string,
) {
  const user = await selectUserMail(ctx.db, actor.userId);
  await ctx.mailer.send({
    to: user.email,
    subject: 'Your withdrawal verification code',
    text: [
      user.firstName ? `Hello ${user.firstName},` : 'Hello,',
      '',
      `Use this code to verify your withdrawal of ${formatCents(amountCents)} from investment account ${investmentAccountId}:`,
      '',
      `    ${code}`,
      '',
      'Enter it in the Withdraw Funds dialog. The code expires in 10 minutes, can be used once and allows 5 tries.',
      'If you did not ask for this withdrawal, please contact support.',
    ].join('\r\n'),
  });
}

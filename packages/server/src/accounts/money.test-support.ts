import { systemAudit } from '../platform/audit/audit';
import type { AppContext } from '../platform/context';
import { addBankAccount, createInvestmentAccount } from './create-investment-account';

/**
 * Test helpers of the money features: an investment account (with a bank account) held by an
 * existing user's investor record, created through the same services the seed and onboarding use.
 */
export async function openAccountFor(
  ctx: AppContext,
  email: string,
  options: { name?: string; isForeign?: boolean } = {},
): Promise<{ accountId: number; bankAccountId: number; investorId: number }> {
  const audit = systemAudit('test');
  return ctx.db.transaction().execute(async (trx) => {
    const investor = await trx
      .selectFrom('investors')
      .innerJoin('users', 'users.id', 'investors.userId')
      .select('investors.id')
      .where('users.email', '=', email)
      .executeTakeFirstOrThrow();
    const accountId = await createInvestmentAccount(
      trx,
      {
        name: options.name ?? `Account of ${email}`,
        investorIds: [investor.id],
        bpayBillerCode: '287813',
        isForeign: options.isForeign ?? false,
      },
      audit,
      ctx.clock.now(),
    );
    const bankAccountId = await addBankAccount(
      trx,
      { investmentAccountId: accountId, name: 'Everyday', bsbNumber: '062-000', accountNumber: '12345678' },
      audit,
      ctx.clock.now(),
    );
    return { accountId, bankAccountId, investorId: investor.id };
  });
}

/** The 6-digit code of the newest mail to an address. */
export function mailedCode(ctx: AppContext, email: string): string {
  const match = /^\s+(\d{6})\s*$/m.exec(ctx.mailer.latestTo(email) ?? '');
  if (!match?.[1]) throw new Error(`no code in the newest mail to ${email}`);
  return match[1];
}

/** A code that is certainly not `code`. */
export function wrongCode(code: string): string {
  return code === '000000' ? '111111' : '000000';
}

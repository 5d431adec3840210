import { AppError, accountMessages } from '@lm/domain';
import { type RawBuilder, sql } from 'kysely';
import type { Actor } from '../auth/tokens';
import type { Executor } from '../db/database';

/**
 * Object-level access for api/user/... routes (DESIGN §7): an investor reaches only the
 * investment accounts linked to their own investor record (investment_account_investors).
 * Another investor's account answers 404 with no data, the same as an account that does not exist.
 */

const notFound = () => new AppError('NOT_FOUND', accountMessages.investmentAccountNotFound);

/** Ids of the investment accounts the caller holds, ascending. */
export async function ownAccountIds(db: Executor, actor: Actor): Promise<number[]> {
  const rows = await db
    .selectFrom('investmentAccountInvestors as iai')
    .innerJoin('investors as i', 'i.id', 'iai.investorId')
    .select('iai.investmentAccountId')
    .where('i.userId', '=', actor.userId)
    .orderBy('iai.investmentAccountId')
    .execute();
  return rows.map((r) => r.investmentAccountId);
}

/** Throws 404 unless the caller holds the account. */
export async function assertOwnAccount(db: Executor, actor: Actor, investmentAccountId: number): Promise<void> {
  const row = await db
    .selectFrom('investmentAccountInvestors as iai')
    .innerJoin('investors as i', 'i.id', 'iai.investorId')
    .select('iai.investmentAccountId')
    .where('i.userId', '=', actor.userId)
    .where('iai.investmentAccountId', '=', investmentAccountId)
    .executeTakeFirst();
  if (!row) throw notFound();
}

/** A list-query condition: the account id expression belongs to the caller. */
export function ownAccountsCondition(accountIdSql: string, actor: Actor): RawBuilder<unknown> {
  return sql`${sql.raw(accountIdSql)} in (
    select iai.investment_account_id from investment_account_investors iai
    join investors i on i.id = iai.investor_id where i.user_id = ${actor.userId})`;
}

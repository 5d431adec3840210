import type { InvestorStatisticsGroupBy } from '@lm/domain';
import { sql } from 'kysely';
import type { Executor } from '../platform/db/database';

/** The columns of the specification's user entity (investor-and-admin §3, Investor.user). */
const userViewColumns = [
  'users.id',
  'users.type',
  'users.email',
  'users.firstName',
  'users.middleName',
  'users.lastName',
  'users.homePhone',
  'users.mobileNumber1',
  'users.mobileNumber2',
  'users.status',
  'users.thirdPartyId',
  'users.notes',
] as const;

/** The columns of the specification's investor entity (investor-and-admin §3, Investor). */
const investorColumns = [
  'investors.id',
  'investors.userId',
  'investors.taxFileNumber',
  'investors.addressStreetNumber',
  'investors.addressStreetName',
  'investors.addressSuburb',
  'investors.addressState',
  'investors.addressPostcode',
  'investors.addressCountry',
  'investors.addressType',
  'investors.investorType',
  'investors.accreditedDate',
  'investors.accreditationLevel',
  'investors.createdAt',
] as const;

export async function investorExists(db: Executor, investorId: number): Promise<boolean> {
  const row = await db.selectFrom('investors').select('id').where('id', '=', investorId).executeTakeFirst();
  return row !== undefined;
}

export function findInvestor(db: Executor, investorId: number) {
  return db.selectFrom('investors').select(investorColumns).where('investors.id', '=', investorId).executeTakeFirst();
}

/** The investor record of a user, if the user is an investor. */
export function findInvestorOfUser(db: Executor, userId: number) {
  return db.selectFrom('investors').select('id').where('userId', '=', userId).executeTakeFirst();
}

export function findUserView(db: Executor, userId: number) {
  return db.selectFrom('users').select(userViewColumns).where('users.id', '=', userId).executeTakeFirst();
}

/** A user's row as the edit reads it before changing it, locked. */
export function lockUserView(db: Executor, userId: number) {
  return db.selectFrom('users').select(userViewColumns).where('users.id', '=', userId).forUpdate().executeTakeFirst();
}

export interface UserChanges {
  firstName?: string;
  middleName?: string | null;
  lastName?: string;
  mobileNumber1?: string | null;
  mobileNumber2?: string | null;
  homePhone?: string | null;
  notes?: string | null;
}

export function updateUser(db: Executor, userId: number, changes: UserChanges, now: Date) {
  return db
    .updateTable('users')
    .set({ ...changes, updatedAt: now })
    .where('users.id', '=', userId)
    .returning(userViewColumns)
    .executeTakeFirstOrThrow();
}

const statisticsColumns = {
  status: 'users.status',
  investorType: 'investors.investorType',
  type: 'users.type',
} as const satisfies Record<InvestorStatisticsGroupBy, string>;

/** Investor counts grouped by the named fields, in the order of the grouping. */
export async function countInvestors(
  db: Executor,
  groupBy: readonly InvestorStatisticsGroupBy[],
): Promise<Array<{ count: number; values: Partial<Record<InvestorStatisticsGroupBy, string | null>> }>> {
  let query = db
    .selectFrom('investors')
    .innerJoin('users', 'users.id', 'investors.userId')
    .select((eb) => [
      eb.fn.countAll<number>().as('count'),
      ...groupBy.map((field) => sql.ref<string | null>(statisticsColumns[field]).as(field)),
    ]);
  for (const field of groupBy) {
    query = query.groupBy(sql.ref(statisticsColumns[field])).orderBy(sql.ref(statisticsColumns[field]));
  }
  const rows = (await query.execute()) as Array<Record<string, unknown>>;
  return rows.map((row) => {
    const values: Partial<Record<InvestorStatisticsGroupBy, string | null>> = {};
    for (const field of groupBy) values[field] = (row[field] as string | null) ?? null;
    return { count: Number(row.count), values };
  });
}

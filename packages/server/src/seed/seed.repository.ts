import type { Executor } from '../platform/db/database';

/**
 * The SQL of the demo seed: the few rows it reads to decide what to do next, and the users,
 * investor records and investor groups it writes itself (everything that moves money goes
 * through the features' use cases).
 */

/** Repayment statuses that may still take money. */
const openStatuses = ['UNPAID', 'PARTIALLY_PAID', 'IN_ARREARS'];

// ---------------------------------------------------------------------------------------------
// Users and investors

export async function anyUserExists(db: Executor): Promise<boolean> {
  return (await db.selectFrom('users').select('id').limit(1).executeTakeFirst()) !== undefined;
}

export interface NewSeedUser {
  email: string;
  type: string;
  firstName: string;
  lastName: string;
  passwordHash: string | null;
  status: string;
  emailConfirmedAt: Date;
  mobileNumber1: string;
  createdAt?: Date;
  updatedAt?: Date;
}

/** Inserts a user; answers its id. */
export async function insertUser(db: Executor, user: NewSeedUser): Promise<number> {
  return (await db.insertInto('users').values(user).returning('id').executeTakeFirstOrThrow()).id;
}

export interface NewSeedInvestor {
  userId: number;
  investorType: string;
  addressState?: string | null;
  addressCountry?: string | null;
  createdAt?: Date;
}

export async function insertInvestor(db: Executor, investor: NewSeedInvestor): Promise<void> {
  await db.insertInto('investors').values(investor).execute();
}

export function userByEmail(db: Executor, email: string) {
  return db
    .selectFrom('users')
    .select(['id', 'email', 'type', 'passwordHash'])
    .where('email', '=', email)
    .executeTakeFirst();
}

export function investorIdByEmail(db: Executor, email: string) {
  return db
    .selectFrom('investors')
    .innerJoin('users', 'users.id', 'investors.userId')
    .select('investors.id')
    .where('users.email', '=', email)
    .executeTakeFirstOrThrow();
}

export async function insertInvestmentGroup(
  db: Executor,
  group: { name: string; status: string; entityType: string | null; createdAt: Date; updatedAt: Date },
): Promise<number> {
  return (await db.insertInto('investmentGroups').values(group).returning('id').executeTakeFirstOrThrow()).id;
}

export async function addInvestmentGroupMember(
  db: Executor,
  investmentGroupId: number,
  investorId: number,
): Promise<void> {
  await db
    .insertInto('investmentGroupInvestors')
    .values({ investmentGroupId, investorId })
    .onConflict((oc) => oc.doNothing())
    .execute();
}

export function accountsByNames(db: Executor, names: readonly string[]) {
  return db
    .selectFrom('investmentAccounts')
    .select(['id', 'name'])
    .where('name', 'in', [...names])
    .orderBy('id')
    .execute();
}

// ---------------------------------------------------------------------------------------------
// Loans and repayments

export function loanFunding(db: Executor, loanId: number) {
  return db.selectFrom('loans').select(['amount', 'fundedAmount']).where('id', '=', loanId).executeTakeFirstOrThrow();
}

export function activeLoans(db: Executor) {
  return db.selectFrom('loans').select(['id', 'thirdPartyId']).where('status', '=', 'ACTIVE').orderBy('id').execute();
}

/** A loan's repayments that may still take money, in due order. */
export function openRepaymentsOf(db: Executor, loanId: number) {
  return db
    .selectFrom('repayments')
    .select(['dueDate', 'principalDue', 'interestDue', 'status'])
    .where('loanId', '=', loanId)
    .where('status', 'in', openStatuses)
    .orderBy('dueDate')
    .execute();
}

/** A loan's next current repayment that may still take money. */
export function nextOpenRepayment(db: Executor, loanId: number) {
  return db
    .selectFrom('repayments')
    .select(['id', 'dueDate', 'principalDue', 'principalPaid', 'interestDue', 'interestPaid'])
    .where('loanId', '=', loanId)
    .where('isArchived', '=', false)
    .where('status', 'in', openStatuses)
    .orderBy('dueDate')
    .orderBy('id')
    .limit(1)
    .executeTakeFirst();
}

/** A loan's latest unpaid repayment due before a date. */
export function lastUnpaidRepaymentBefore(db: Executor, loanId: number, date: string) {
  return db
    .selectFrom('repayments')
    .select('dueDate')
    .where('loanId', '=', loanId)
    .where('status', 'in', ['UNPAID', 'IN_ARREARS'])
    .where('dueDate', '<', date)
    .orderBy('dueDate', 'desc')
    .executeTakeFirst();
}

/** The principal and interest a loan's open repayments still owe (not paid, not written off). */
export async function amountsRemaining(db: Executor, loanId: number): Promise<{ principal: string; interest: string }> {
  const row = await db
    .selectFrom('repayments')
    .select((eb) => [
      eb.fn
        .sum<string>(eb(eb('principalDue', '-', eb.ref('principalPaid')), '-', eb.ref('principalWrittenOff')))
        .as('p'),
      eb.fn.sum<string>(eb(eb('interestDue', '-', eb.ref('interestPaid')), '-', eb.ref('interestWrittenOff'))).as('i'),
    ])
    .where('loanId', '=', loanId)
    .where('status', 'in', openStatuses)
    .executeTakeFirstOrThrow();
  return { principal: String(row.p ?? '0'), interest: String(row.i ?? '0') };
}

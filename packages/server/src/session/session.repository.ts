import type { Executor } from '../platform/db/database';

/** The SQL of the session feature: users by email, refresh tokens, verification codes. */

/** A user by email address, compared without case. */
export function findUserByEmail(db: Executor, email: string) {
  return db
    .selectFrom('users')
    .select(['id', 'email', 'type', 'passwordHash', 'status', 'firstName'])
    .where((eb) => eb(eb.fn('lower', ['email']), '=', email.toLowerCase()))
    .executeTakeFirst();
}

export function findPasswordHash(db: Executor, userId: number) {
  return db.selectFrom('users').select(['passwordHash']).where('id', '=', userId).executeTakeFirst();
}

export async function setPassword(db: Executor, userId: number, passwordHash: string, now: Date): Promise<void> {
  await db
    .updateTable('users')
    .set({ passwordHash, passwordChangedAt: now, updatedAt: now })
    .where('id', '=', userId)
    .execute();
}

/** A new password set with a mailed code also confirms the email: an unconfirmed user becomes active. */
export async function setPasswordAndConfirmEmail(
  db: Executor,
  userId: number,
  passwordHash: string,
  now: Date,
): Promise<void> {
  await db
    .updateTable('users')
    .set({
      passwordHash,
      passwordChangedAt: now,
      updatedAt: now,
      emailConfirmedAt: now,
      status: (eb) => eb.case().when('status', '=', 'UNCONFIRMED').then('ACTIVE').else(eb.ref('status')).end(),
    })
    .where('id', '=', userId)
    .execute();
}

/** The signed-in user with the investor record, if any. */
export function findUserDetails(db: Executor, userId: number) {
  return db
    .selectFrom('users')
    .leftJoin('investors', 'investors.userId', 'users.id')
    .select([
      'users.id',
      'users.email',
      'users.type',
      'users.firstName',
      'users.middleName',
      'users.lastName',
      'users.homePhone',
      'users.mobileNumber1',
      'users.mobileNumber2',
      'users.status',
      'investors.id as investorId',
    ])
    .where('users.id', '=', userId)
    .executeTakeFirst();
}

/** The investment accounts an investor holds, id ascending. */
export async function investmentAccountIdsOf(db: Executor, investorId: number): Promise<number[]> {
  const rows = await db
    .selectFrom('investmentAccountInvestors')
    .select('investmentAccountId')
    .where('investorId', '=', investorId)
    .orderBy('investmentAccountId')
    .execute();
  return rows.map((row) => row.investmentAccountId);
}

// ---------------------------------------------------------------------------------------------
// Refresh tokens

export async function insertRefreshToken(
  db: Executor,
  token: { userId: number; familyId: string; tokenHash: string; expiresAt: Date },
): Promise<void> {
  await db.insertInto('refreshTokens').values(token).execute();
}

/** A refresh token with its user, locked for the rotation. */
export function lockRefreshToken(db: Executor, tokenHash: string) {
  return db
    .selectFrom('refreshTokens')
    .innerJoin('users', 'users.id', 'refreshTokens.userId')
    .select([
      'refreshTokens.id',
      'refreshTokens.familyId',
      'refreshTokens.usedAt',
      'refreshTokens.revokedAt',
      'refreshTokens.expiresAt',
      'users.id as userId',
      'users.email',
      'users.type',
      'users.status',
    ])
    .where('tokenHash', '=', tokenHash)
    .forUpdate()
    .executeTakeFirst();
}

export function findRefreshTokenFamily(db: Executor, tokenHash: string) {
  return db
    .selectFrom('refreshTokens')
    .select(['familyId', 'userId'])
    .where('tokenHash', '=', tokenHash)
    .executeTakeFirst();
}

export async function markRefreshTokenUsed(db: Executor, id: number, now: Date): Promise<void> {
  await db.updateTable('refreshTokens').set({ usedAt: now }).where('id', '=', id).execute();
}

export async function revokeRefreshTokenFamily(db: Executor, familyId: string, now: Date): Promise<void> {
  await db
    .updateTable('refreshTokens')
    .set({ revokedAt: now })
    .where('familyId', '=', familyId)
    .where('revokedAt', 'is', null)
    .execute();
}

/** Revokes every refresh token of a user, except those of the session `keepFamily` when given. */
export async function revokeAllRefreshTokens(
  db: Executor,
  userId: number,
  now: Date,
  keepFamily?: string,
): Promise<void> {
  let query = db
    .updateTable('refreshTokens')
    .set({ revokedAt: now })
    .where('userId', '=', userId)
    .where('revokedAt', 'is', null);
  if (keepFamily) query = query.where('familyId', '<>', keepFamily);
  await query.execute();
}

// ---------------------------------------------------------------------------------------------
// Verification codes

export type CodePurpose = 'PASSWORD_RESET' | 'EMAIL_CONFIRMATION';

/** A new code replaces any earlier unused one of the same purpose. */
export async function retireCodes(db: Executor, userId: number, purpose: CodePurpose, now: Date): Promise<void> {
  await db
    .updateTable('verificationCodes')
    .set({ usedAt: now })
    .where('userId', '=', userId)
    .where('purpose', '=', purpose)
    .where('usedAt', 'is', null)
    .execute();
}

/** Stores a code; its hash is salted with the row's own id, so the row is written first. */
export async function insertCode(
  db: Executor,
  code: { userId: number; purpose: CodePurpose; expiresAt: Date },
  hashWithSalt: (salt: string) => string,
): Promise<void> {
  const inserted = await db
    .insertInto('verificationCodes')
    .values({ ...code, codeHash: 'pending' })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .updateTable('verificationCodes')
    .set({ codeHash: hashWithSalt(String(inserted.id)) })
    .where('id', '=', inserted.id)
    .execute();
}

/** The newest live code of a user (unused, unexpired, tries left), locked. */
export function lockLiveCode(db: Executor, userId: number, now: Date, attemptsMax: number) {
  return db
    .selectFrom('verificationCodes')
    .selectAll()
    .where('userId', '=', userId)
    .where('usedAt', 'is', null)
    .where('expiresAt', '>', now)
    .where('attempts', '<', attemptsMax)
    .orderBy('id', 'desc')
    .forUpdate()
    .executeTakeFirst();
}

export async function countCodeAttempt(db: Executor, codeId: number, attempts: number): Promise<void> {
  await db.updateTable('verificationCodes').set({ attempts }).where('id', '=', codeId).execute();
}

export async function markCodeUsed(db: Executor, codeId: number, now: Date): Promise<void> {
  await db.updateTable('verificationCodes').set({ usedAt: now }).where('id', '=', codeId).execute();
}

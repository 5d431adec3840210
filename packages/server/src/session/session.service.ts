import crypto from 'node:crypto';
import { AppError, type Role, sessionMessages } from '@lm/domain';
import type { AuditContext } from '../platform/audit/audit';
import type { Actor } from '../platform/auth/tokens';
import type { AppContext } from '../platform/context';
import type { Executor } from '../platform/db/database';
import * as rateLimit from '../platform/rate-limit';
import { codeMatches, hashCode, hashToken, newNumericCode, newRefreshToken } from './codes';
import { hashPassword, verifyPassword } from './passwords';

export const resetCodeTtlMs = 15 * 60_000;
export const resetCodeAttemptsMax = 5;

export interface SessionTokens {
  accessToken: string;
  refreshToken: string;
}

async function issueTokens(ctx: AppContext, db: Executor, actor: Actor, familyId: string): Promise<SessionTokens> {
  const refreshToken = newRefreshToken();
  await db
    .insertInto('refreshTokens')
    .values({
      userId: actor.userId,
      familyId,
      tokenHash: hashToken(refreshToken),
      expiresAt: new Date(ctx.clock.now().getTime() + ctx.config.refreshTokenTtlSeconds * 1000),
    })
    .execute();
  return { accessToken: await ctx.tokens.issueAccessToken(actor), refreshToken };
}

export async function login(ctx: AppContext, email: string, password: string, address: string): Promise<SessionTokens> {
  const now = ctx.clock.now();
  const accountKey = `login:account:${email.toLowerCase()}`;
  const addressKey = `login:address:${address}`;
  await rateLimit.check(ctx.db, accountKey, rateLimit.loginFailuresPerAccount, now);
  await rateLimit.check(ctx.db, addressKey, rateLimit.loginFailuresPerAddress, now);
  const user = await ctx.db
    .selectFrom('users')
    .select(['id', 'email', 'type', 'passwordHash', 'status'])
    .where((eb) => eb(eb.fn('lower', ['email']), '=', email.toLowerCase()))
    .executeTakeFirst();
  const good = await verifyPassword(user?.passwordHash ?? null, password);
  if (!user || !good) {
    await rateLimit.hit(ctx.db, accountKey, rateLimit.loginFailuresPerAccount, now);
    await rateLimit.hit(ctx.db, addressKey, rateLimit.loginFailuresPerAddress, now);
    throw new AppError('INVALID_CREDENTIALS', sessionMessages.invalidCredentials);
  }
  if (user.status === 'DISABLED') throw new AppError('FORBIDDEN', sessionMessages.accountDisabled);
  await rateLimit.clear(ctx.db, accountKey);
  return issueTokens(ctx, ctx.db, { userId: user.id, role: user.type as Role, email: user.email }, crypto.randomUUID());
}

/**
 * Rotates a refresh token: the old one is spent and a new one of the same family issued. A spent
 * token presented again means it was stolen or replayed: the whole family is revoked.
 */
export async function refresh(ctx: AppContext, refreshToken: string): Promise<SessionTokens> {
  const now = ctx.clock.now();
  const refused = new AppError('UNAUTHENTICATED', sessionMessages.sessionExpired);
  const outcome = await ctx.db.transaction().execute(async (trx) => {
    const row = await trx
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
      .where('tokenHash', '=', hashToken(refreshToken))
      .forUpdate()
      .executeTakeFirst();
    if (!row) return null;
    if (row.usedAt || row.revokedAt) {
      await trx
        .updateTable('refreshTokens')
        .set({ revokedAt: now })
        .where('familyId', '=', row.familyId)
        .where('revokedAt', 'is', null)
        .execute();
      return 'revoked' as const;
    }
    if (row.expiresAt <= now || row.status === 'DISABLED') return null;
    await trx.updateTable('refreshTokens').set({ usedAt: now }).where('id', '=', row.id).execute();
    return issueTokens(ctx, trx, { userId: row.userId, role: row.type as Role, email: row.email }, row.familyId);
  });
  if (outcome === null || outcome === 'revoked') throw refused;
  return outcome;
}

export async function logout(ctx: AppContext, refreshToken: string | undefined): Promise<void> {
  if (!refreshToken) return;
  const row = await ctx.db
    .selectFrom('refreshTokens')
    .select(['familyId'])
    .where('tokenHash', '=', hashToken(refreshToken))
    .executeTakeFirst();
  if (row) {
    await ctx.db
      .updateTable('refreshTokens')
      .set({ revokedAt: ctx.clock.now() })
      .where('familyId', '=', row.familyId)
      .where('revokedAt', 'is', null)
      .execute();
  }
}

export async function userDetails(ctx: AppContext, actor: Actor) {
  const user = await ctx.db
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
    .where('users.id', '=', actor.userId)
    .executeTakeFirst();
  if (!user) throw new AppError('TOKEN_TAMPERED', sessionMessages.tokenTampered);
  const accounts = user.investorId
    ? await ctx.db
        .selectFrom('investmentAccountInvestors')
        .select('investmentAccountId')
        .where('investorId', '=', user.investorId)
        .orderBy('investmentAccountId')
        .execute()
    : [];
  return { ...user, username: user.email, investmentAccountIds: accounts.map((a) => a.investmentAccountId) };
}

async function revokeAllSessions(db: Executor, userId: number, now: Date) {
  await db
    .updateTable('refreshTokens')
    .set({ revokedAt: now })
    .where('userId', '=', userId)
    .where('revokedAt', 'is', null)
    .execute();
}

export async function changePassword(
  ctx: AppContext,
  actor: Actor,
  oldPassword: string,
  newPassword: string,
  audit: AuditContext,
): Promise<void> {
  const now = ctx.clock.now();
  const key = `password-change:${actor.userId}`;
  await rateLimit.check(ctx.db, key, rateLimit.loginFailuresPerAccount, now);
  const user = await ctx.db
    .selectFrom('users')
    .select(['passwordHash'])
    .where('id', '=', actor.userId)
    .executeTakeFirst();
  if (!user || !(await verifyPassword(user.passwordHash, oldPassword))) {
    await rateLimit.hit(ctx.db, key, rateLimit.loginFailuresPerAccount, now);
    throw new AppError('RULE_REFUSED', sessionMessages.wrongOldPassword);
  }
  const passwordHash = await hashPassword(newPassword);
  await ctx.db.transaction().execute(async (trx) => {
    await trx
      .updateTable('users')
      .set({ passwordHash, passwordChangedAt: now, updatedAt: now })
      .where('id', '=', actor.userId)
      .execute();
    await audit.record(trx, { objectType: 'user', objectId: actor.userId, after: { passwordChanged: true } });
  });
}

type CodePurpose = 'PASSWORD_RESET' | 'EMAIL_CONFIRMATION';

/**
 * Mails a 6-digit code to a user. Answers the same whether or not the user exists, so the call
 * cannot be used to find out who has an account.
 */
export async function sendCode(
  ctx: AppContext,
  username: string,
  purpose: CodePurpose,
  address: string,
  audit: AuditContext,
): Promise<void> {
  const now = ctx.clock.now();
  await rateLimit.check(ctx.db, `code-request:address:${address}`, rateLimit.codeRequestsPerAddress, now);
  await rateLimit.check(ctx.db, `code-request:account:${username}`, rateLimit.codeRequestsPerAccount, now);
  await rateLimit.hit(ctx.db, `code-request:address:${address}`, rateLimit.codeRequestsPerAddress, now);
  await rateLimit.hit(ctx.db, `code-request:account:${username}`, rateLimit.codeRequestsPerAccount, now);
  const user = await ctx.db
    .selectFrom('users')
    .select(['id', 'email', 'firstName'])
    .where((eb) => eb(eb.fn('lower', ['email']), '=', username.toLowerCase()))
    .executeTakeFirst();
  if (!user) return;
  const code = newNumericCode();
  await ctx.db.transaction().execute(async (trx) => {
    // a new code replaces any earlier one of the same purpose
    await trx
      .updateTable('verificationCodes')
      .set({ usedAt: now })
      .where('userId', '=', user.id)
      .where('purpose', '=', purpose)
      .where('usedAt', 'is', null)
      .execute();
    const inserted = await trx
      .insertInto('verificationCodes')
      .values({ userId: user.id, purpose, codeHash: 'pending', expiresAt: new Date(now.getTime() + resetCodeTtlMs) })
      .returning('id')
      .executeTakeFirstOrThrow();
    await trx
      .updateTable('verificationCodes')
      .set({ codeHash: hashCode(code, String(inserted.id)) })
      .where('id', '=', inserted.id)
      .execute();
    await audit.record(trx, { objectType: 'user', objectId: user.id, after: { codeSent: purpose } });
  });
  const greeting = user.firstName ? `Hello ${user.firstName},` : 'Hello,';
  await ctx.mailer.send({
    to: user.email,
    subject: purpose === 'PASSWORD_RESET' ? 'Your password reset code' : 'Verify your email address',
    text: [
      greeting,
      '',
      purpose === 'PASSWORD_RESET'
        ? 'Use this code to reset your password:'
        : 'Use this code to verify your email address and set your password:',
      '',
      `    ${code}`,
      '',
      'Enter it on the Forgot Password page with your email address. The code expires in 15 minutes and can be used once.',
      'If you did not ask for this, you can ignore this message.',
    ].join('\r\n'),
  });
}

/** Sets a new password with a mailed code: single use, 15 minutes, at most 5 tries. */
export async function confirmReset(
  ctx: AppContext,
  username: string,
  password: string,
  confirmationCode: string,
  audit: AuditContext,
): Promise<void> {
  const now = ctx.clock.now();
  const refused = new AppError('RULE_REFUSED', sessionMessages.codeInvalidOrExpired);
  const passwordHash = await hashPassword(password);
  const ok = await ctx.db.transaction().execute(async (trx) => {
    const user = await trx
      .selectFrom('users')
      .select(['id'])
      .where((eb) => eb(eb.fn('lower', ['email']), '=', username.toLowerCase()))
      .executeTakeFirst();
    if (!user) return false;
    const code = await trx
      .selectFrom('verificationCodes')
      .selectAll()
      .where('userId', '=', user.id)
      .where('usedAt', 'is', null)
      .where('expiresAt', '>', now)
      .where('attempts', '<', resetCodeAttemptsMax)
      .orderBy('id', 'desc')
      .forUpdate()
      .executeTakeFirst();
    if (!code) return false;
    if (!codeMatches(confirmationCode, String(code.id), code.codeHash)) {
      await trx
        .updateTable('verificationCodes')
        .set({ attempts: code.attempts + 1 })
        .where('id', '=', code.id)
        .execute();
      return false;
    }
    await trx.updateTable('verificationCodes').set({ usedAt: now }).where('id', '=', code.id).execute();
    await trx
      .updateTable('users')
      .set({
        passwordHash,
        passwordChangedAt: now,
        updatedAt: now,
        emailConfirmedAt: now,
        status: (eb) => eb.case().when('status', '=', 'UNCONFIRMED').then('ACTIVE').else(eb.ref('status')).end(),
      })
      .where('id', '=', user.id)
      .execute();
    await revokeAllSessions(trx, user.id, now);
    await audit.record(trx, { objectType: 'user', objectId: user.id, after: { passwordReset: true } });
    return true;
  });
  if (!ok) throw refused;
}

import {
  AppError,
  type loginRoute,
  type Role,
  type RouteData,
  sessionMessages,
  type userDetailsRoute,
} from '@lm/domain';
import type { AuditContext } from '../platform/audit/audit';
import { openSession, revokeSession, revokeUserSessions } from '../platform/auth/sessions';
import type { Actor } from '../platform/auth/tokens';
import type { AppContext } from '../platform/context';
import type { Executor } from '../platform/db/database';
import * as rateLimit from '../platform/rate-limit';
import { codeMatches, hashCode, hashToken, newNumericCode, newRefreshToken } from './codes';
import { hashPassword, verifyPassword } from './passwords';
import * as repo from './session.repository';

export const resetCodeTtlMs = 15 * 60_000;
export const resetCodeAttemptsMax = 5;

export type SessionTokens = RouteData<typeof loginRoute>;
export type UserDetails = RouteData<typeof userDetailsRoute>;

/** A new refresh token in the session (its family) and an access token carrying the session id. */
async function issueTokens(ctx: AppContext, db: Executor, actor: Actor, sessionId: string): Promise<SessionTokens> {
  const refreshToken = newRefreshToken();
  await repo.insertRefreshToken(db, {
    userId: actor.userId,
    familyId: sessionId,
    tokenHash: hashToken(refreshToken),
    expiresAt: new Date(ctx.clock.now().getTime() + ctx.config.refreshTokenTtlSeconds * 1000),
  });
  return { accessToken: await ctx.tokens.issueAccessToken({ ...actor, sessionId }), refreshToken };
}

/** Ends sessions: their refresh tokens are revoked and their access tokens refused from now on. */
async function endSessions(db: Executor, sessionIds: readonly string[], now: Date): Promise<void> {
  for (const id of sessionIds) {
    await revokeSession(db, id, now);
    await repo.revokeRefreshTokenFamily(db, id, now);
  }
}

export async function login(ctx: AppContext, email: string, password: string, address: string): Promise<SessionTokens> {
  const now = ctx.clock.now();
  const accountKey = `login:account:${email.toLowerCase()}`;
  const addressKey = `login:address:${address}`;
  await rateLimit.check(ctx.db, accountKey, rateLimit.loginFailuresPerAccount, now);
  await rateLimit.check(ctx.db, addressKey, rateLimit.loginFailuresPerAddress, now);
  const user = await repo.findUserByEmail(ctx.db, email);
  const good = await verifyPassword(user?.passwordHash ?? null, password);
  if (!user || !good) {
    await rateLimit.hit(ctx.db, accountKey, rateLimit.loginFailuresPerAccount, now);
    await rateLimit.hit(ctx.db, addressKey, rateLimit.loginFailuresPerAddress, now);
    throw new AppError('INVALID_CREDENTIALS', sessionMessages.invalidCredentials);
  }
  if (user.status === 'DISABLED') throw new AppError('FORBIDDEN', sessionMessages.accountDisabled);
  await rateLimit.clear(ctx.db, accountKey);
  return ctx.db.transaction().execute(async (trx) => {
    const sessionId = await openSession(trx, user.id, now);
    return issueTokens(ctx, trx, { userId: user.id, role: user.type as Role, email: user.email }, sessionId);
  });
}

/**
 * Rotates a refresh token: the old one is spent and a new one of the same family issued. A spent
 * token presented again means it was stolen or replayed: the whole family is revoked, and with it
 * the session, so its access tokens are refused at once too.
 */
export async function refresh(ctx: AppContext, refreshToken: string): Promise<SessionTokens> {
  const now = ctx.clock.now();
  const refused = new AppError('UNAUTHENTICATED', sessionMessages.sessionExpired);
  const outcome = await ctx.db.transaction().execute(async (trx) => {
    const row = await repo.lockRefreshToken(trx, hashToken(refreshToken));
    if (!row) return null;
    if (row.usedAt || row.revokedAt) {
      await endSessions(trx, [row.familyId], now);
      return { revoked: row.familyId };
    }
    if (row.expiresAt <= now || row.status === 'DISABLED') return null;
    await repo.markRefreshTokenUsed(trx, row.id, now);
    return issueTokens(ctx, trx, { userId: row.userId, role: row.type as Role, email: row.email }, row.familyId);
  });
  if (outcome === null) throw refused;
  if ('revoked' in outcome) {
    ctx.sessions.forget([outcome.revoked]);
    throw refused;
  }
  return outcome;
}

/**
 * Ends the caller's session: the one their access token belongs to, and the one of the refresh
 * token they hand in if it is theirs. Another user's refresh token is ignored: nothing of theirs
 * is revoked.
 */
export async function logout(ctx: AppContext, actor: Actor, refreshToken: string | undefined): Promise<void> {
  const now = ctx.clock.now();
  const ended = new Set<string>();
  if (actor.sessionId) ended.add(actor.sessionId);
  if (refreshToken) {
    const row = await repo.findRefreshTokenFamily(ctx.db, hashToken(refreshToken));
    if (row && row.userId === actor.userId) ended.add(row.familyId);
  }
  await ctx.db.transaction().execute((trx) => endSessions(trx, [...ended], now));
  ctx.sessions.forget(ended);
}

export async function userDetails(ctx: AppContext, actor: Actor): Promise<UserDetails> {
  const user = await repo.findUserDetails(ctx.db, actor.userId);
  if (!user) throw new AppError('TOKEN_TAMPERED', sessionMessages.tokenTampered);
  const investmentAccountIds = user.investorId ? await repo.investmentAccountIdsOf(ctx.db, user.investorId) : [];
  return { ...user, type: user.type as Role, username: user.email, investmentAccountIds };
}

/**
 * Changes the caller's password and ends every other session of theirs (refresh and access
 * tokens); the session it is changed from stays signed in. Answers how many sessions were ended.
 */
export async function changePassword(
  ctx: AppContext,
  actor: Actor,
  oldPassword: string,
  newPassword: string,
  audit: AuditContext,
): Promise<number> {
  const now = ctx.clock.now();
  const key = `password-change:${actor.userId}`;
  await rateLimit.check(ctx.db, key, rateLimit.loginFailuresPerAccount, now);
  const user = await repo.findPasswordHash(ctx.db, actor.userId);
  if (!user || !(await verifyPassword(user.passwordHash, oldPassword))) {
    await rateLimit.hit(ctx.db, key, rateLimit.loginFailuresPerAccount, now);
    throw new AppError('RULE_REFUSED', sessionMessages.wrongOldPassword);
  }
  const passwordHash = await hashPassword(newPassword);
  const ended = await ctx.db.transaction().execute(async (trx) => {
    await repo.setPassword(trx, actor.userId, passwordHash, now);
    const others = await revokeUserSessions(trx, actor.userId, now, actor.sessionId);
    await repo.revokeAllRefreshTokens(trx, actor.userId, now, actor.sessionId);
    await audit.record(trx, {
      objectType: 'user',
      objectId: actor.userId,
      after: { passwordChanged: true, otherSessionsEnded: others.length },
    });
    return others;
  });
  ctx.sessions.forget(ended);
  return ended.length;
}

/**
 * Mails a 6-digit code to a user. Answers the same whether or not the user exists, so the call
 * cannot be used to find out who has an account.
 */
export async function sendCode(
  ctx: AppContext,
  username: string,
  purpose: repo.CodePurpose,
  address: string,
  audit: AuditContext,
): Promise<void> {
  const now = ctx.clock.now();
  await rateLimit.check(ctx.db, `code-request:address:${address}`, rateLimit.codeRequestsPerAddress, now);
  await rateLimit.check(ctx.db, `code-request:account:${username}`, rateLimit.codeRequestsPerAccount, now);
  await rateLimit.hit(ctx.db, `code-request:address:${address}`, rateLimit.codeRequestsPerAddress, now);
  await rateLimit.hit(ctx.db, `code-request:account:${username}`, rateLimit.codeRequestsPerAccount, now);
  const user = await repo.findUserByEmail(ctx.db, username);
  if (!user) return;
  const code = newNumericCode();
  await ctx.db.transaction().execute(async (trx) => {
    await repo.retireCodes(trx, user.id, purpose, now);
    await repo.insertCode(
      trx,
      { userId: user.id, purpose, expiresAt: new Date(now.getTime() + resetCodeTtlMs) },
      (salt) => hashCode(code, salt),
    );
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
  const outcome = await ctx.db.transaction().execute(async (trx) => {
    const user = await repo.findUserByEmail(trx, username);
    if (!user) return false;
    const code = await repo.lockLiveCode(trx, user.id, now, resetCodeAttemptsMax);
    if (!code) return false;
    if (!codeMatches(confirmationCode, String(code.id), code.codeHash)) {
      await repo.countCodeAttempt(trx, code.id, code.attempts + 1);
      return false;
    }
    await repo.markCodeUsed(trx, code.id, now);
    await repo.setPasswordAndConfirmEmail(trx, user.id, passwordHash, now);
    const ended = await revokeUserSessions(trx, user.id, now);
    await repo.revokeAllRefreshTokens(trx, user.id, now);
    await audit.record(trx, { objectType: 'user', objectId: user.id, after: { passwordReset: true } });
    return ended;
  });
  if (outcome === false) throw refused;
  ctx.sessions.forget(outcome);
}

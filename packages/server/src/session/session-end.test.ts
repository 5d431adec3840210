import { sessionMessages, sydneyDate } from '@lm/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openAccountFor } from '../accounts/money.test-support';
import { createTestApp, demo, type TestApp } from '../test-support/test-app';

/** Sessions end when they should (ADR 003): password change, logout, refresh-token reuse. */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const password = 'Demo-Passw0rd!';

async function signIn(email: string, pass = password): Promise<{ access: string; refresh: string }> {
  const res = await t.call('POST', '/api/auth/login', { body: { email, password: pass } });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return { access: res.body.data.accessToken, refresh: res.body.data.refreshToken };
}

async function detailsStatus(access: string): Promise<number> {
  return (await t.call('GET', '/api/user/details', { token: access })).status;
}

async function refreshStatus(refresh: string): Promise<number> {
  return (await t.call('POST', '/api/auth/refresh', { body: { refreshToken: refresh } })).status;
}

async function liveSessionsOf(email: string): Promise<number> {
  const rows = await t.ctx.db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.userId')
    .select('sessions.id')
    .where('users.email', '=', email)
    .where('sessions.revokedAt', 'is', null)
    .execute();
  return rows.length;
}

describe('a password change', () => {
  it("ends every other session's refresh and access tokens, keeps the caller's, and says so", async () => {
    const here = await signIn(demo.investor);
    const elsewhere = await signIn(demo.investor);
    const laptop = await signIn(demo.investor);
    expect(await detailsStatus(elsewhere.access)).toBe(200);

    const res = await t.call('POST', '/api/user/update', {
      token: here.access,
      body: { oldPassword: password, newPassword: 'Fresh-Passw0rd#', confirmPassword: 'Fresh-Passw0rd#' },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.userMessage).toBe(sessionMessages.passwordChanged);

    for (const other of [elsewhere, laptop]) {
      const access = await t.call('GET', '/api/user/details', { token: other.access });
      expect(access.status).toBe(401);
      expect(access.body.userMessage).toBe('Expired Token');
      expect(await refreshStatus(other.refresh)).toBe(401);
    }
    // the session it was changed from goes on
    expect(await detailsStatus(here.access)).toBe(200);
    const rotated = await t.call('POST', '/api/auth/refresh', { body: { refreshToken: here.refresh } });
    expect(rotated.status).toBe(200);
    expect(await detailsStatus(rotated.body.data.accessToken)).toBe(200);
    expect(await liveSessionsOf(demo.investor)).toBe(1);
    // the old password is gone, the new one signs in
    expect((await t.call('POST', '/api/auth/login', { body: { email: demo.investor, password } })).status).toBe(401);
    await signIn(demo.investor, 'Fresh-Passw0rd#');
  });
});

describe('logout', () => {
  it('refuses the access token at once, and its refresh token', async () => {
    const s = await signIn(demo.support);
    expect(await detailsStatus(s.access)).toBe(200);
    const out = await t.call('POST', '/api/auth/logout', { token: s.access, body: { refreshToken: s.refresh } });
    expect(out.status).toBe(200);
    const after = await t.call('GET', '/api/user/details', { token: s.access });
    expect(after.status).toBe(401);
    expect(after.body.userMessage).toBe('Expired Token');
    expect(await refreshStatus(s.refresh)).toBe(401);
  });

  it("ends the caller's session even without a refresh token in the body", async () => {
    const s = await signIn(demo.support);
    expect((await t.call('POST', '/api/auth/logout', { token: s.access, body: {} })).status).toBe(200);
    expect(await detailsStatus(s.access)).toBe(401);
    expect(await refreshStatus(s.refresh)).toBe(401);
  });

  it("with another user's refresh token revokes nothing of theirs", async () => {
    const victim = await signIn(demo.auditor);
    const attacker = await signIn(demo.management);
    const before = await liveSessionsOf(demo.auditor);
    const out = await t.call('POST', '/api/auth/logout', {
      token: attacker.access,
      body: { refreshToken: victim.refresh },
    });
    expect(out.status).toBe(200);
    expect(await liveSessionsOf(demo.auditor)).toBe(before);
    expect(await detailsStatus(victim.access)).toBe(200);
    const revoked = await t.ctx.db
      .selectFrom('refreshTokens')
      .innerJoin('users', 'users.id', 'refreshTokens.userId')
      .select('refreshTokens.id')
      .where('users.email', '=', demo.auditor)
      .where('refreshTokens.revokedAt', 'is not', null)
      .execute();
    expect(revoked).toEqual([]);
    expect(await refreshStatus(victim.refresh)).toBe(200);
    // the caller's own session ended
    expect(await detailsStatus(attacker.access)).toBe(401);
  });
});

describe('refresh-token reuse', () => {
  it("ends the session's access tokens at once, the old and the newly issued one", async () => {
    const s = await signIn(demo.readOnly);
    const rotated = await t.call('POST', '/api/auth/refresh', { body: { refreshToken: s.refresh } });
    expect(rotated.status).toBe(200);
    const newAccess = rotated.body.data.accessToken as string;
    expect(await detailsStatus(newAccess)).toBe(200);
    expect(await refreshStatus(s.refresh)).toBe(401); // the spent token again: stolen
    expect(await detailsStatus(s.access)).toBe(401);
    expect(await detailsStatus(newAccess)).toBe(401);
    expect(await refreshStatus(rotated.body.data.refreshToken)).toBe(401);
  });
});

describe('the per-request session check', () => {
  it('sees a session revoked by another server process on the same database on the next request', async () => {
    const s = await signIn(demo.management);
    expect(await detailsStatus(s.access)).toBe(200);
    // what another process's logout writes, without telling this process
    const user = await t.ctx.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', demo.management)
      .executeTakeFirstOrThrow();
    const row = await t.ctx.db
      .updateTable('sessions')
      .set({ revokedAt: new Date() })
      .where('userId', '=', Number(user.id))
      .where('revokedAt', 'is', null)
      .returning('id')
      .execute();
    expect(row.length).toBeGreaterThan(0);
    expect(await detailsStatus(s.access)).toBe(401);
  });

  it('refuses a validly signed access token that names no session', async () => {
    const user = await t.ctx.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', demo.support)
      .executeTakeFirstOrThrow();
    const token = await t.ctx.tokens.issueAccessToken({
      userId: Number(user.id),
      role: 'SUPPORT',
      email: demo.support,
      sessionId: '00000000-0000-4000-8000-000000000000',
    });
    expect(await detailsStatus(token)).toBe(401);
  });
});

describe('a money movement after its session ended', () => {
  it('is refused as an expired token and moves nothing, with an Idempotency-Key or without', async () => {
    const { accountId } = await openAccountFor(t.ctx, demo.investor, { name: 'Ended session account' });
    const s = await signIn(demo.management);
    const sid = (JSON.parse(Buffer.from(s.access.split('.')[1]!, 'base64url').toString()) as { sid: string }).sid;
    const deposit = (key?: string) =>
      t.call('POST', `/api/investmentAccounts/${accountId}/deposit`, {
        token: s.access,
        ...(key ? { headers: { 'Idempotency-Key': key } } : {}),
        body: {
          investmentAccountId: accountId,
          amount: 25,
          comment: 'after the session',
          depositDate: sydneyDate(t.ctx.clock.now()),
        },
      });
    const live = await deposit('ended-session-live');
    expect(live.status, JSON.stringify(live.body)).toBe(200);
    // ended elsewhere (another server process): this one learns it from the database
    await t.ctx.db.updateTable('sessions').set({ revokedAt: t.ctx.clock.now() }).where('id', '=', sid).execute();
    for (const key of ['ended-session-1', undefined]) {
      const refused = await deposit(key);
      expect(refused.status).toBe(401);
      expect(refused.body.userMessage).toBe('Expired Token');
    }
    const rows = await t.ctx.db
      .selectFrom('accountTransactions')
      .select('amount')
      .where('investmentAccountId', '=', accountId)
      .execute();
    expect(rows).toHaveLength(1);
    const keys = await t.ctx.db
      .selectFrom('idempotencyKeys')
      .select('key')
      .where('key', 'like', 'ended-session-%')
      .execute();
    expect(keys.map((k) => k.key)).toEqual(['ended-session-live']);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, demo, type TestApp } from '../test-support/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { ACCESS_TOKEN_TTL_SECONDS: '60' } });
});
afterAll(() => t.close());

function codeFrom(mail: string | undefined): string {
  const match = /^\s+(\d{6})\s*$/m.exec(mail ?? '');
  if (!match?.[1]) throw new Error('no code in mail');
  return match[1];
}

describe('login and tokens', () => {
  it('logs in and returns both tokens; details names the role', async () => {
    const res = await t.call('POST', '/api/auth/login', { body: { email: demo.investor, password: 'Demo-Passw0rd!' } });
    expect(res.status).toBe(200);
    expect(res.body.success).toBe(true);
    expect(res.body.data.accessToken).toBeTruthy();
    expect(res.body.data.refreshToken).toBeTruthy();
    const details = await t.call('GET', '/api/user/details', { token: res.body.data.accessToken });
    expect(details.body.data.type).toBe('INVESTOR');
    expect(details.body.data.email).toBe(demo.investor);
    const check = await t.call('GET', '/authenticateJwt', { token: res.body.data.accessToken });
    expect(check.body.success).toBe(true);
  });

  it('refuses a wrong password with a clear message and no token', async () => {
    const res = await t.call('POST', '/api/auth/login', { body: { email: demo.auditor, password: 'wrong' } });
    expect(res.status).toBe(401);
    expect(res.body).toMatchObject({
      success: false,
      code: 'INVALID_CREDENTIALS',
      userMessage: 'Incorrect email or password.',
    });
  });

  it('missing, forged and undecodable tokens are 666 Token tampered with', async () => {
    const good = await t.login(demo.support);
    const forged = `${good.slice(0, -4)}abcd`;
    for (const token of [undefined, 'nonsense', forged]) {
      const res = await t.call('GET', '/api/user/details', token ? { token } : {});
      expect(res.status).toBe(666);
      expect(res.body.userMessage).toBe('Token tampered with');
    }
  });

  it('an expired access token is 401 Expired Token', async () => {
    const token = await t.login(demo.support);
    t.ctx.clock.advance(61_000);
    const res = await t.call('GET', '/api/user/details', { token });
    t.ctx.clock.advance(-61_000);
    expect(res.status).toBe(401);
    expect(res.body.userMessage).toBe('Expired Token');
  });

  it('refresh rotates; reusing a spent refresh token revokes the whole family', async () => {
    const login = await t.call('POST', '/api/auth/login', {
      body: { email: demo.management, password: 'Demo-Passw0rd!' },
    });
    const first = login.body.data.refreshToken;
    const r1 = await t.call('POST', '/api/auth/refresh', { body: { refreshToken: first } });
    expect(r1.status).toBe(200);
    const second = r1.body.data.refreshToken;
    expect(second).not.toBe(first);
    const reuse = await t.call('POST', '/api/auth/refresh', { body: { refreshToken: first } });
    expect(reuse.status).toBe(401);
    // the family is gone: the newest token no longer works either
    const after = await t.call('POST', '/api/auth/refresh', { body: { refreshToken: second } });
    expect(after.status).toBe(401);
  });
});

describe('passwords', () => {
  it('change password enforces the rules with the specification messages', async () => {
    const token = await t.login(demo.readOnly);
    const weak = await t.call('POST', '/api/user/update', {
      token,
      body: { oldPassword: 'Demo-Passw0rd!', newPassword: 'abc' },
    });
    expect(weak.status).toBe(400);
    const messages = weak.body.details.map((d: { message: string }) => d.message);
    expect(messages).toContain('Password must be 8 or more characters long');
    expect(messages).toContain('Password must include a numeric value');
    expect(messages).toContain('Password must contain a special character ! @ # $ % ^ & * ');
    const wrongOld = await t.call('POST', '/api/user/update', {
      token,
      body: { oldPassword: 'nope', newPassword: 'Better-Passw0rd!' },
    });
    expect(wrongOld.status).toBe(422);
    const good = await t.call('POST', '/api/user/update', {
      token,
      body: { oldPassword: 'Demo-Passw0rd!', newPassword: 'Better-Passw0rd!' },
    });
    expect(good.status).toBe(200);
    await t.login(demo.readOnly, 'Better-Passw0rd!');
    const audit = await t.ctx.db.selectFrom('auditLog').selectAll().where('route', '=', '/api/user/update').execute();
    expect(audit.length).toBe(1);
  });

  it('reset: the mailed code sets a new password once; wrong codes count to 5', async () => {
    const send = await t.call('POST', '/api/user/reset', { body: { username: demo.auditor } });
    expect(send.status).toBe(200);
    const code = codeFrom(t.ctx.mailer.latestTo(demo.auditor));
    const wrong = code === '000000' ? '111111' : '000000';
    const bad = await t.call('POST', '/api/user/confirm-reset', {
      body: { username: demo.auditor, password: 'Reset-Passw0rd!', confirmationCode: wrong },
    });
    expect(bad.status).toBe(422);
    const good = await t.call('POST', '/api/user/confirm-reset', {
      body: { username: demo.auditor, password: 'Reset-Passw0rd!', confirmationCode: code },
    });
    expect(good.status).toBe(200);
    await t.login(demo.auditor, 'Reset-Passw0rd!');
    const again = await t.call('POST', '/api/user/confirm-reset', {
      body: { username: demo.auditor, password: 'Other-Passw0rd!', confirmationCode: code },
    });
    expect(again.status).toBe(422);
  });

  it('change password refuses the current password as the new one, naming newPassword, and keeps the password', async () => {
    const token = await t.login(demo.management);
    const same = await t.call('POST', '/api/user/update', {
      token,
      body: { oldPassword: 'Demo-Passw0rd!', newPassword: 'Demo-Passw0rd!' },
    });
    expect(same.status).toBe(400);
    expect(same.body.code).toBe('VALIDATION_FAILED');
    expect(same.body.details).toContainEqual(
      expect.objectContaining({
        field: 'newPassword',
        message: 'The new password must be different from your current password.',
      }),
    );
    // nothing changed: the password still signs in
    await t.login(demo.management, 'Demo-Passw0rd!');
  });

  it('a code dies after 5 wrong tries and after 15 minutes', async () => {
    await t.call('POST', '/api/user/reset', { body: { username: demo.support } });
    const code = codeFrom(t.ctx.mailer.latestTo(demo.support));
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i++) {
      await t.call('POST', '/api/user/confirm-reset', {
        body: { username: demo.support, password: 'Reset-Passw0rd!', confirmationCode: wrong },
      });
    }
    const late = await t.call('POST', '/api/user/confirm-reset', {
      body: { username: demo.support, password: 'Reset-Passw0rd!', confirmationCode: code },
    });
    expect(late.status).toBe(422);
    await t.call('POST', '/api/auth/register/resend-user-confirmation', { body: { username: demo.support } });
    const code2 = codeFrom(t.ctx.mailer.latestTo(demo.support));
    t.ctx.clock.advance(16 * 60_000);
    const expired = await t.call('POST', '/api/user/confirm-reset', {
      body: { username: demo.support, password: 'Reset-Passw0rd!', confirmationCode: code2 },
    });
    t.ctx.clock.advance(-16 * 60_000);
    expect(expired.status).toBe(422);
  });

  it('resend-user-confirmation is limited per target address and per caller, answering alike for unknown addresses', async () => {
    const resend = (username: string, remoteAddress: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/register/resend-user-confirmation',
        payload: { username },
        remoteAddress,
      });
    // per target: 5 an hour, whoever asks; an unknown address is answered exactly as a known one
    for (const target of [demo.investor, 'nobody-here@example.com']) {
      const answers = [];
      for (let i = 0; i < 6; i++) answers.push(await resend(target, `203.0.113.${i + 1}`));
      expect(answers.slice(0, 5).map((a) => a.statusCode)).toEqual([200, 200, 200, 200, 200]);
      expect(answers[5]?.statusCode).toBe(429);
      expect(JSON.parse(answers[0]?.body ?? '{}')).toEqual({
        success: true,
        data: null,
        userMessage: 'Verification code sent',
      });
    }
    const lastMail = t.ctx.mailer.latestTo(demo.investor);
    expect((await resend(demo.investor, '203.0.113.99')).statusCode).toBe(429);
    expect(t.ctx.mailer.latestTo(demo.investor)).toBe(lastMail);
    expect(t.ctx.mailer.latestTo('nobody-here@example.com')).toBeUndefined();
    // per caller: 30 an hour from one address, whatever the targets
    for (let i = 0; i < 30; i++) {
      expect((await resend(`someone-${i}@example.com`, '198.51.100.9')).statusCode).toBe(200);
    }
    expect((await resend('someone-else@example.com', '198.51.100.9')).statusCode).toBe(429);
    expect((await resend('someone-else@example.com', '198.51.100.10')).statusCode).toBe(200);
  });

  it('an unknown user gets the same answer and no mail', async () => {
    const res = await t.call('POST', '/api/user/reset', { body: { username: 'nobody@example.com' } });
    expect(res.status).toBe(200);
    expect(t.ctx.mailer.latestTo('nobody@example.com')).toBeUndefined();
  });

  it('login failures are rate limited per account', async () => {
    const email = demo.investor;
    for (let i = 0; i < 5; i++) await t.call('POST', '/api/auth/login', { body: { email, password: 'bad' } });
    const res = await t.call('POST', '/api/auth/login', { body: { email, password: 'Demo-Passw0rd!' } });
    expect(res.status).toBe(429);
    expect(res.body.userMessage).toBe('Too many attempts. Please wait a few minutes and try again.');
  });
});

describe('strict bodies', () => {
  it('a NUL in the login email is a 400 naming the field, not a 500', async () => {
    const res = await t.call('POST', '/api/auth/login', {
      body: { email: 'investor\u0000@example.com', password: 'Demo-Passw0rd!' },
    });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('VALIDATION_FAILED');
    expect(res.body.details.map((d: { field: string }) => d.field)).toContain('email');
  });

  it('control characters in any text field of the session bodies are a 400 naming it', async () => {
    const token = await t.login(demo.management);
    const cases: Array<[string, Record<string, unknown>, string, string?]> = [
      ['/api/auth/login', { email: demo.management, password: 'Demo\u0000Passw0rd!' }, 'password'],
      ['/api/auth/refresh', { refreshToken: 'abc\u0000def' }, 'refreshToken'],
      ['/api/auth/logout', { refreshToken: 'abc\u0007def' }, 'refreshToken', token],
      ['/api/user/update', { oldPassword: 'Demo-Passw0rd!', newPassword: 'New-Passw0rd!\u0000' }, 'newPassword', token],
      ['/api/user/reset', { username: 'auditor\u0000@example.com' }, 'username'],
      [
        '/api/user/confirm-reset',
        { username: demo.management, password: 'Reset-Passw0rd!', confirmationCode: '12345\u0000' },
        'confirmationCode',
      ],
      ['/api/auth/register/resend-user-confirmation', { username: 'a\u001b@example.com' }, 'username'],
    ];
    for (const [path, body, field, bearer] of cases) {
      const res = await t.call('POST', path, { body, ...(bearer ? { token: bearer } : {}) });
      expect(res.status, path).toBe(400);
      expect(
        res.body.details.some((d: { field: string }) => d.field === field),
        `${path}: ${JSON.stringify(res.body)}`,
      ).toBe(true);
    }
  });

  it('ids and other types are not coerced: a number where text belongs is a 400', async () => {
    const res = await t.call('POST', '/api/auth/login', { body: { email: 12345, password: 'x' } });
    expect(res.status).toBe(400);
  });

  it('refresh accepts the bare token as a text/plain body, as the specification sends it', async () => {
    const login = await t.call('POST', '/api/auth/login', {
      body: { email: demo.management, password: 'Demo-Passw0rd!' },
    });
    const res = await t.call('POST', '/api/auth/refresh', {
      body: login.body.data.refreshToken,
      headers: { 'content-type': 'text/plain' },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.refreshToken).not.toBe(login.body.data.refreshToken);
    const nul = await t.call('POST', '/api/auth/refresh', {
      body: 'abc\u0000',
      headers: { 'content-type': 'text/plain' },
    });
    expect(nul.status).toBe(400);
  });

  it('resend-user-confirmation accepts the bare username as a text/plain body', async () => {
    const res = await t.call('POST', '/api/auth/register/resend-user-confirmation', {
      // the investor's address used up its hourly resends in the limit test above
      body: demo.auditor,
      headers: { 'content-type': 'text/plain' },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(t.ctx.mailer.latestTo(demo.auditor)).toContain('Verify your email address');
    const bad = await t.call('POST', '/api/auth/register/resend-user-confirmation', {
      body: 'not an email',
      headers: { 'content-type': 'text/plain' },
    });
    expect(bad.status).toBe(400);
  });

  it('logout without a body still answers', async () => {
    const token = await t.login(demo.management);
    const res = await t.call('POST', '/api/auth/logout', { token });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  });
});

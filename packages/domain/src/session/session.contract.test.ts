import { describe, expect, it } from 'vitest';
import {
  confirmResetBody,
  emailSchema,
  loginBody,
  logoutBody,
  refreshRequestBody,
  resendConfirmationRequestBody,
} from './session.contract';

describe('session bodies', () => {
  it('refuse control characters in every text field, naming the field', () => {
    const login = loginBody.safeParse({ email: 'a\u0000@example.com', password: 'x' });
    expect(login.error?.issues.map((issue) => issue.path.join('.'))).toContain('email');
    const password = loginBody.safeParse({ email: 'a@example.com', password: 'x\u0000' });
    expect(password.error?.issues.map((issue) => issue.path.join('.'))).toContain('password');
    const code = confirmResetBody.safeParse({
      username: 'a@example.com',
      password: 'Reset-Passw0rd!',
      confirmationCode: '12345\u0007',
    });
    expect(code.error?.issues.map((issue) => issue.path.join('.'))).toContain('confirmationCode');
  });

  it('a login password is never trimmed; an email is trimmed and lower case', () => {
    expect(loginBody.parse({ email: ' A@Example.com ', password: ' pass ' })).toEqual({
      email: 'A@Example.com',
      password: ' pass ',
    });
    expect(emailSchema.parse(' Ada@Example.COM ')).toBe('ada@example.com');
  });

  it('refresh and resend-confirmation take the object or the bare string, both as the object', () => {
    expect(refreshRequestBody.parse({ refreshToken: 'abc' })).toEqual({ refreshToken: 'abc' });
    expect(refreshRequestBody.parse('abc')).toEqual({ refreshToken: 'abc' });
    expect(refreshRequestBody.safeParse('').success).toBe(false);
    expect(refreshRequestBody.safeParse(42).success).toBe(false);
    expect(resendConfirmationRequestBody.parse('Ben@Example.com')).toEqual({ username: 'ben@example.com' });
    expect(resendConfirmationRequestBody.parse({ username: 'ben@example.com' })).toEqual({
      username: 'ben@example.com',
    });
    expect(resendConfirmationRequestBody.safeParse('not an email').success).toBe(false);
  });

  it('logout takes an optional refresh token, or no body', () => {
    expect(logoutBody.parse(undefined)).toEqual({});
    expect(logoutBody.parse({ refreshToken: 'abc' })).toEqual({ refreshToken: 'abc' });
  });
});

import { AppError, Role } from '@lm/domain';
import { describe, expect, it } from 'vitest';
import { Clock } from '../clock';
import { type Actor, TokenService } from './tokens';

const actor = {
  userId: 7,
  role: Role.MANAGEMENT,
  email: 'admin@example.com',
  sessionId: 'b0c4f0de-0000-4000-8000-000000000001',
} satisfies Actor;
const ttlSeconds = 900;

function service(clock: Clock, secret = 'a signing key for the token tests') {
  return new TokenService(new TextEncoder().encode(secret), ttlSeconds, () => clock.now());
}

async function refusal(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(AppError);
    return (error as AppError).code;
  }
  throw new Error('expected a refusal');
}

describe('access tokens', () => {
  it('a token verified once is still refused once it expires, and again after', async () => {
    const clock = new Clock('2027-03-05T10:00:00Z');
    const tokens = service(clock);
    const token = await tokens.issueAccessToken(actor);
    expect(await tokens.verifyAccessToken(token)).toEqual(actor);
    expect(await tokens.verifyAccessToken(token)).toEqual(actor);
    clock.advance((ttlSeconds - 1) * 1000);
    expect(await tokens.verifyAccessToken(token)).toEqual(actor);
    clock.advance(1000);
    expect(await refusal(tokens.verifyAccessToken(token))).toBe('TOKEN_EXPIRED');
    expect(await refusal(tokens.verifyAccessToken(token))).toBe('TOKEN_EXPIRED');
  });

  it('refuses a token changed after it was verified, and one signed with another key', async () => {
    const clock = new Clock('2027-03-05T10:00:00Z');
    const tokens = service(clock);
    const token = await tokens.issueAccessToken(actor);
    await tokens.verifyAccessToken(token);
    const [header, payload, signature] = token.split('.');
    const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString('utf8'));
    const forged = Buffer.from(JSON.stringify({ ...claims, role: Role.INVESTOR })).toString('base64url');
    expect(await refusal(tokens.verifyAccessToken(`${header}.${forged}.${signature}`))).toBe('TOKEN_TAMPERED');
    const stranger = await service(clock, 'another key').issueAccessToken(actor);
    expect(await refusal(tokens.verifyAccessToken(stranger))).toBe('TOKEN_TAMPERED');
  });

  it('a caller changing the actor it got back does not change the next answer', async () => {
    const clock = new Clock('2027-03-05T10:00:00Z');
    const tokens = service(clock);
    const token = await tokens.issueAccessToken(actor);
    const first = await tokens.verifyAccessToken(token);
    first.role = Role.INVESTOR;
    expect(await tokens.verifyAccessToken(token)).toEqual(actor);
  });
});

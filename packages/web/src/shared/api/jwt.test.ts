import { describe, expect, it } from 'vitest';
import { createThrottle } from '../hooks/throttle';
import { decodeAccessToken, isExpired, serverOffsetOf } from './jwt';

function token(payload: object): string {
  const encode = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
  return `${encode({ alg: 'HS256' })}.${encode(payload)}.signature`;
}

describe('access tokens', () => {
  it('decodes a token and refuses what is not one', () => {
    expect(decodeAccessToken(token({ sub: '4', role: 'INVESTOR', iat: 100, exp: 1000 }))).toEqual({
      sub: '4',
      role: 'INVESTOR',
      iat: 100,
      exp: 1000,
    });
    expect(decodeAccessToken('x.y.z')).toBeNull();
    expect(decodeAccessToken('not a token')).toBeNull();
    expect(decodeAccessToken(token({ sub: '4' }))).toBeNull();
  });

  it('judges expiry by the server clock, whatever the browser clock says', () => {
    // the server runs a year ahead (CLOCK_NOW): its token looks fresh to the server's own clock
    const browserNow = Date.parse('2026-01-01T00:00:00Z');
    const serverNow = Date.parse('2027-01-01T00:00:00Z') / 1000;
    const claims = { sub: '1', role: 'INVESTOR', iat: serverNow, exp: serverNow + 900 };
    const offset = serverOffsetOf(claims, browserNow);
    expect(isExpired(claims, offset, browserNow)).toBe(false);
    expect(isExpired(claims, offset, browserNow + 896_000)).toBe(true); // inside the 5 s margin
    expect(isExpired(claims, offset, browserNow + 60_000)).toBe(false);
  });
});

describe('throttle', () => {
  it('lets one call through per interval', () => {
    let now = 0;
    const allow = createThrottle(2000, () => now);
    expect(allow()).toBe(true);
    now = 1999;
    expect(allow()).toBe(false);
    now = 2000;
    expect(allow()).toBe(true);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test-support/test-app';

let t: TestApp;
let base: string;
beforeAll(async () => {
  t = await createTestApp({ seed: 'none' });
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(() => t.close());

function expectSecurityHeaders(headers: Headers): void {
  const csp = headers.get('content-security-policy') ?? '';
  expect(csp).toContain("default-src 'self'");
  expect(csp).toContain("frame-ancestors 'none'");
  expect(csp).toMatch(/script-src 'self'(;|$)/);
  expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
  expect(headers.get('x-content-type-options')).toBe('nosniff');
  expect(headers.get('x-frame-options')).toBe('DENY');
  expect(headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
  expect(headers.get('access-control-allow-origin')).toBeNull();
  expect(headers.get('strict-transport-security')).toBeNull();
}

describe('security headers over real HTTP', () => {
  it.each([
    ['an API answer', '/api/health', {}],
    ['a refusal', '/api/investmentAccounts', {}],
    ['a 404', '/api/no/such/path', {}],
    ['the 666 answer of a forged token', '/api/user/details', { authorization: 'Bearer x.y.z' }],
    ['the API reference page', '/api/docs/', {}],
    ['the API description', '/api/openapi.json', {}],
  ])('%s carries them', async (_label, path, headers) => {
    const res = await fetch(`${base}${path}`, { headers, redirect: 'manual' });
    expectSecurityHeaders(res.headers);
  });

  it('sends HSTS when the request came over HTTPS (a TLS proxy in front)', async () => {
    const res = await fetch(`${base}/api/health`, { headers: { 'x-forwarded-proto': 'https' } });
    expect(res.headers.get('strict-transport-security')).toBe('max-age=31536000; includeSubDomains');
  });

  it('answers no CORS preflight: cross-origin calls are closed', async () => {
    const res = await fetch(`${base}/api/health`, {
      method: 'OPTIONS',
      headers: { origin: 'https://evil.example', 'access-control-request-method': 'GET' },
    });
    expect(res.headers.get('access-control-allow-origin')).toBeNull();
  });
});

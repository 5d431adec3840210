import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test-support/test-app';

const ie11 = 'Mozilla/5.0 (Windows NT 10.0; WOW64; Trident/7.0; rv:11.0) like Gecko';
const chrome = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36';

let t: TestApp;
let base: string;
beforeAll(async () => {
  t = await createTestApp({ seed: 'none' });
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(() => t.close());

describe('the unsupported-browser page for Internet Explorer', () => {
  it.each(['/', '/login', '/marketplace/42', '/index.html'])(
    'IE11 asking for %s gets the page, not a blank one',
    async (path) => {
      const res = await fetch(`${base}${path}`, { headers: { 'user-agent': ie11, accept: 'text/html' } });
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/^text\/html/);
      expect(res.headers.get('vary')).toMatch(/user-agent/i);
      // the security headers stay, and the page needs no script
      expect(res.headers.get('content-security-policy')).toMatch(/script-src 'self'(;|$)/);
      const html = await res.text();
      expect(html).toContain('<h1>Unsupported browser</h1>');
      expect(html).toContain('Lending Marketplace does not support Internet Explorer or Microsoft Edge.');
      expect(html).toContain('<a href="https://www.google.com/chrome/" rel="noopener">Google Chrome</a>');
      expect(html).not.toMatch(/<script/i);
    },
  );

  it("the page's own path answers any browser (where the no-module script sends them)", async () => {
    const res = await fetch(`${base}/unsupported-browser`, { headers: { 'user-agent': chrome } });
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('<h1>Unsupported browser</h1>');
  });

  it('the API, the build files and other browsers are untouched', async () => {
    const api = await fetch(`${base}/api/health`, { headers: { 'user-agent': ie11 } });
    expect(api.headers.get('content-type')).toMatch(/^application\/json/);
    const script = await fetch(`${base}/unsupported-browser.js`, { headers: { 'user-agent': ie11 } });
    expect(await script.text()).not.toContain('Unsupported browser</h1>');
    const page = await fetch(`${base}/login`, { headers: { 'user-agent': chrome } });
    expect(await page.text()).not.toContain('<h1>Unsupported browser</h1>');
  });
});

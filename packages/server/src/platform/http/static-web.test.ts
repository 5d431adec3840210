import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppPages, encodingFor, sendAppPage, withModulePreloads } from './app-page';
import { registerErrorHandler } from './error-handler';
import { registerSecurityHeaders } from './security-headers';
import { immutableCacheControl, registerWebApp } from './static-web';

/**
 * A small built web app (what `vite build` writes into packages/web/dist: index.html, hashed
 * assets and the .br and .gz twins its precompress step adds), served the way app.ts serves it.
 */
const script = `export const rows = [${Array.from({ length: 400 }, (_, i) => `{ id: ${i}, name: 'loan ${i}' }`).join(', ')}];\n`;
const html =
  '<!doctype html><html lang="en"><head><script type="module" src="/assets/index-Ab12Cd34.js"></script></head><body><div id="root"></div></body></html>\n';

/** What the build's route-preloads.ts writes: each route's chunks besides the entry. */
const preloads = [
  { path: '/loans/:id?', files: ['assets/loans-page-Aa11.js', 'assets/query-Bb22.js'] },
  { path: '/loans/new', files: ['assets/new-loan-page-Cc33.js', 'assets/query-Bb22.js'] },
  { path: '/faq', files: [] },
];

let dir: string;
let app: FastifyInstance;
let base: string;

function writeWithTwins(file: string, content: string): void {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, content);
  fs.writeFileSync(`${file}.gz`, zlib.gzipSync(content, { level: 9 }));
  fs.writeFileSync(`${file}.br`, zlib.brotliCompressSync(content));
}

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lm-static-web-'));
  writeWithTwins(path.join(dir, 'index.html'), html);
  writeWithTwins(path.join(dir, 'assets/index-Ab12Cd34.js'), script);
  fs.writeFileSync(path.join(dir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  fs.mkdirSync(path.join(dir, '.vite'));
  fs.writeFileSync(path.join(dir, '.vite/route-preloads.json'), JSON.stringify(preloads));
  app = Fastify({ logger: false });
  await registerSecurityHeaders(app);
  const pages = AppPages.load(dir);
  registerErrorHandler(app, { appPage: (request, reply) => sendAppPage(pages, request, reply) });
  await registerWebApp(app, dir);
  base = await app.listen({ port: 0, host: '127.0.0.1' });
});

afterAll(async () => {
  await app.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

/** A raw GET (fetch would decode the body and hide what was on the wire). */
async function get(pathname: string, headers: Record<string, string> = {}) {
  const response = await app.inject({ method: 'GET', url: pathname, headers });
  return { status: response.statusCode, headers: response.headers, body: response.rawPayload };
}

describe('the built web app over HTTP', () => {
  it('sends a hashed script gzip-compressed to a client that accepts gzip, cached for a year as immutable', async () => {
    const res = await get('/assets/index-Ab12Cd34.js', { 'accept-encoding': 'gzip' });
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.headers['content-type']).toMatch(/^(text|application)\/javascript/);
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(res.headers['cache-control']).toBe(immutableCacheControl);
    expect(res.body.length).toBeLessThan(Buffer.byteLength(script) / 3);
    expect(zlib.gunzipSync(res.body).toString('utf8')).toBe(script);
  });

  it('prefers brotli when the client accepts it', async () => {
    const res = await get('/assets/index-Ab12Cd34.js', { 'accept-encoding': 'gzip, deflate, br, zstd' });
    expect(res.headers['content-encoding']).toBe('br');
    expect(zlib.brotliDecompressSync(res.body).toString('utf8')).toBe(script);
    expect(res.headers['cache-control']).toBe(immutableCacheControl);
  });

  it('sends the plain file to a client that accepts no compression', async () => {
    const res = await get('/assets/index-Ab12Cd34.js', { 'accept-encoding': 'identity' });
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.body.toString('utf8')).toBe(script);
    expect(res.headers['cache-control']).toBe(immutableCacheControl);
  });

  it.each([
    ['/', 'the root'],
    ['/index.html', 'index.html itself'],
    ['/reports?year=2026', 'a screen of the app without preloads (the single-page fallback)'],
    ['/faq', 'a screen of the app whose route preloads nothing'],
  ])('%s (%s) is revalidated on every visit, compressed, with the security headers', async (pathname) => {
    const res = await get(pathname, { 'accept-encoding': 'gzip, br' });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.headers['content-encoding']).toBe('br');
    expect(zlib.brotliDecompressSync(res.body).toString('utf8')).toBe(html);
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBe('DENY');
  });

  it.each([
    ['/loans?f.status=ACTIVE', ['assets/loans-page-Aa11.js', 'assets/query-Bb22.js']],
    ['/loans/42', ['assets/loans-page-Aa11.js', 'assets/query-Bb22.js']],
    ['/loans/new/', ['assets/new-loan-page-Cc33.js', 'assets/query-Bb22.js']],
  ])('%s gets the page with its route chunks as module preloads', async (pathname, files) => {
    const res = await get(pathname, { 'accept-encoding': 'gzip' });
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.headers['cache-control']).toBe('no-cache');
    const page = zlib.gunzipSync(res.body).toString('utf8');
    expect(page).toBe(withModulePreloads(html, files));
    const hrefs = [...page.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">/g)].map((m) => m[1]);
    expect(hrefs).toEqual(files.map((file) => `/${file}`));
    // before the end of the head, after the entry's script
    expect(page.indexOf('modulepreload')).toBeGreaterThan(page.indexOf('/assets/index-Ab12Cd34.js'));
    expect(page.indexOf('modulepreload')).toBeLessThan(page.indexOf('</head>'));
  });

  it('answers 304 to a client holding the same page, and a new body to one holding another', async () => {
    const first = await get('/loans', { 'accept-encoding': 'br' });
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^"[\w-]+-br"$/);
    const again = await get('/loans/7', { 'accept-encoding': 'br', 'if-none-match': etag });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
    const other = await get('/faq', { 'accept-encoding': 'br', 'if-none-match': etag });
    expect(other.status).toBe(200);
    expect(other.headers.etag).not.toBe(etag);
    // the same page in another encoding is another representation
    const plain = await get('/loans', { 'accept-encoding': 'identity', 'if-none-match': etag });
    expect(plain.status).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
  });

  it('answers HEAD for the page as GET, without the body', async () => {
    const res = await app.inject({ method: 'HEAD', url: '/', headers: { 'accept-encoding': 'gzip' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.rawPayload.length).toBe(0);
  });

  it('reads accept-encoding as browsers and proxies write it', () => {
    expect(encodingFor('gzip, deflate, br, zstd')).toBe('br');
    expect(encodingFor('gzip')).toBe('gzip');
    expect(encodingFor('br;q=0, gzip;q=0.5')).toBe('gzip');
    expect(encodingFor('GZIP;q=1.0')).toBe('gzip');
    expect(encodingFor('gzip;q=0')).toBe('identity');
    expect(encodingFor('')).toBe('identity');
    expect(encodingFor(undefined)).toBe('identity');
  });

  it('a preloads file that names anything but a hashed script is refused at start-up', () => {
    const bad = fs.mkdtempSync(path.join(os.tmpdir(), 'lm-static-web-bad-'));
    try {
      fs.writeFileSync(path.join(bad, 'index.html'), html);
      fs.mkdirSync(path.join(bad, '.vite'));
      const hostile = [{ path: '/loans', files: ['assets/x.js"><script src="//evil.example/a.js'] }];
      fs.writeFileSync(path.join(bad, '.vite/route-preloads.json'), JSON.stringify(hostile));
      expect(() => AppPages.load(bad)).toThrow();
      // an older build without the file: index.html as built on every path
      fs.rmSync(path.join(bad, '.vite'), { recursive: true });
      const pages = AppPages.load(bad);
      expect(pages.pageFor('/loans').bodies.identity.toString('utf8')).toBe(html);
    } finally {
      fs.rmSync(bad, { recursive: true, force: true });
    }
  });

  it('an unhashed file is not cached as immutable', async () => {
    const res = await get('/favicon.svg', { 'accept-encoding': 'gzip' });
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  it('an API path the server does not know stays a JSON 404, not the app', async () => {
    const res = await get('/api/no/such/path', { 'accept-encoding': 'gzip' });
    expect(res.status).toBe(404);
    expect(res.headers['content-type']).toMatch(/application\/json/);
  });

  it('over a real socket too', async () => {
    const res = await fetch(`${base}/assets/index-Ab12Cd34.js`, { headers: { 'accept-encoding': 'gzip' } });
    expect(res.headers.get('content-encoding')).toBe('gzip');
    expect(await res.text()).toBe(script);
  });
});

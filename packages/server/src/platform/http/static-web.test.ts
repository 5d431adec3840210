import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
  app = Fastify({ logger: false });
  await registerSecurityHeaders(app);
  registerErrorHandler(app, { serveSpa: true });
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
    ['/loans?f.status=ACTIVE', 'a screen of the app (the single-page fallback)'],
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

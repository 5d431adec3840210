import { isUnsupportedBrowser, unsupportedBrowserTexts as texts, unsupportedBrowserPath } from '@lm/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';

/**
 * The unsupported-browser page of spec core §2.2 as plain HTML, for browsers that cannot run the
 * web app at all: Internet Explorer gets a blank page from a module script, so the server answers
 * its page requests with this one, and the no-module script of index.html (public/
 * unsupported-browser.js) sends any other browser without module support to its path. No
 * script, no inline style attribute: the Content-Security-Policy holds.
 */
export const unsupportedBrowserHtml = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1.0" />
    <title>${texts.title} | Lending Marketplace</title>
    <style>
      body { font-family: Arial, Helvetica, sans-serif; color: #1f2937; margin: 0; }
      main { max-width: 720px; margin: 64px auto; padding: 0 16px; }
      h1 { font-size: 2rem; font-weight: normal; margin: 0 0 16px; }
      .warning { background: #fff4e5; border: 1px solid #ed6c02; padding: 12px 16px; margin: 0 0 16px; }
      a { color: #0b57d0; }
    </style>
  </head>
  <body>
    <main>
      <h1>${texts.title}</h1>
      <p class="warning" role="alert">${texts.notSupported}</p>
      <p>${texts.recommendBefore} <a href="${texts.chromeUrl}" rel="noopener">${texts.chrome}</a>${texts.recommendAfter}</p>
    </main>
  </body>
</html>
`;

function isPageRequest(request: FastifyRequest): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  const pathname = request.url.split('?')[0] ?? '';
  if (pathname === '/api' || pathname.startsWith('/api/') || pathname.startsWith('/authenticateJwt')) return false;
  if (pathname === unsupportedBrowserPath) return true;
  // a page, not a file of the build (assets, the no-module script): those stay as they are
  return !/\.[a-z0-9]+$/i.test(pathname) || pathname.endsWith('.html');
}

/** Answers IE's (and Edge's) page requests, and the page's own path, with the unsupported-browser page. */
export function registerUnsupportedBrowserPage(app: FastifyInstance): void {
  app.addHook('onRequest', async (request, reply) => {
    if (!isPageRequest(request)) return;
    const pathname = request.url.split('?')[0] ?? '';
    if (pathname !== unsupportedBrowserPath && !isUnsupportedBrowser(request.headers['user-agent'] ?? '')) return;
    return reply
      .code(200)
      .header('cache-control', 'no-cache')
      .header('vary', 'user-agent')
      .type('text/html; charset=utf-8')
      .send(unsupportedBrowserHtml);
  });
}

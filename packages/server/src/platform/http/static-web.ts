import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

/** Cache rule of a file whose name carries its content hash (Vite's assets/): it never changes. */
export const immutableCacheControl = 'public, max-age=31536000, immutable';
/** Cache rule of everything else (index.html above all): keep it, but ask the server each time. */
export const revalidateCacheControl = 'no-cache';

/** Whether a served file (maybe its .br or .gz twin) is one of the build's hashed assets. */
export function isHashedAsset(root: string, filePath: string): boolean {
  const relative = path.relative(root, filePath).split(path.sep).join('/');
  return relative.startsWith('assets/');
}

/**
 * Serves the built web app from `root`: the brotli or gzip twin the build wrote beside each file
 * (packages/web/vite.config.ts) when the browser accepts it, with `content-encoding` and
 * `vary: accept-encoding`; hashed assets cached for a year as immutable, index.html and the other
 * unhashed files revalidated on every use. The page (index.html) goes out through the single-page
 * fallback (error-handler.ts, app-page.ts) under the same rules.
 */
export async function registerWebApp(app: FastifyInstance, root: string): Promise<void> {
  await app.register(fastifyStatic, {
    root,
    wildcard: false,
    // the page itself (/, /index.html and every screen's path) is app-page.ts's, through the
    // single-page fallback (error-handler.ts): it lists the path's route chunks as preloads
    index: false,
    allowedPath: (pathName) => pathName !== '/index.html',
    preCompressed: true,
    cacheControl: false,
    setHeaders: (reply, filePath) => {
      reply.header('cache-control', isHashedAsset(root, filePath) ? immutableCacheControl : revalidateCacheControl);
    },
  });
}

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
 * unhashed files revalidated on every use. The single-page fallback (error-handler.ts) sends
 * index.html through the same rules.
 */
export async function registerWebApp(app: FastifyInstance, root: string): Promise<void> {
  await app.register(fastifyStatic, {
    root,
    wildcard: false,
    preCompressed: true,
    cacheControl: false,
    setHeaders: (reply, filePath) => {
      reply.header('cache-control', isHashedAsset(root, filePath) ? immutableCacheControl : revalidateCacheControl);
    },
  });
}

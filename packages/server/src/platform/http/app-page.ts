import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { negotiate } from '@fastify/accept-negotiator';
import {
  bestRoutePath,
  type RoutePathTable,
  type RoutePreloads,
  routePathTable,
  routePreloadsFile,
  routePreloadsSchema,
} from '@lm/domain';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { revalidateCacheControl } from './static-web';

type Encoding = 'br' | 'gzip' | 'identity';

/** One variant of the web app's page, in every encoding it is sent in, each with its own ETag. */
interface Page {
  bodies: Record<Encoding, Buffer>;
  etags: Record<Encoding, string>;
}

function pageOf(html: string): Page {
  const identity = Buffer.from(html, 'utf8');
  const bodies: Record<Encoding, Buffer> = {
    identity,
    br: zlib.brotliCompressSync(identity, {
      params: { [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY },
    }),
    gzip: zlib.gzipSync(identity, { level: 9 }),
  };
  const hash = createHash('sha256').update(identity).digest('base64url').slice(0, 22);
  return { bodies, etags: { identity: `"${hash}"`, br: `"${hash}-br"`, gzip: `"${hash}-gz"` } };
}

/** The page with the route's chunks listed as module preloads just before `</head>`. */
export function withModulePreloads(html: string, files: readonly string[]): string {
  if (files.length === 0) return html;
  const at = html.lastIndexOf('</head>');
  if (at < 0) return html;
  const links = files.map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`).join('');
  return `${html.slice(0, at)}${links}${html.slice(at)}`;
}

/**
 * The single-page app's page (index.html) for each path: for a path of a route with a screen, the
 * page lists that route's chunks as `<link rel="modulepreload">` (the build's route preloads,
 * @lm/domain's routePreloadsFile), so the browser downloads them beside the entry instead of
 * discovering them once the entry has run; any other path gets index.html as built. Every variant
 * is made and compressed once, at start-up. A build without the preloads file (an older build)
 * serves index.html as built everywhere.
 */
export class AppPages {
  private constructor(
    private readonly plain: Page,
    private readonly table: RoutePathTable<{ path: string; page: Page }>,
  ) {}

  static load(root: string): AppPages {
    const html = fs.readFileSync(path.join(root, 'index.html'), 'utf8');
    const preloadsPath = path.join(root, routePreloadsFile);
    const preloads: RoutePreloads = fs.existsSync(preloadsPath)
      ? routePreloadsSchema.parse(JSON.parse(fs.readFileSync(preloadsPath, 'utf8')))
      : [];
    const plain = pageOf(html);
    const pages = new Map<string, Page>();
    const routes = preloads.map(({ path: routePath, files }) => {
      const variant = withModulePreloads(html, files);
      let page = pages.get(variant);
      if (!page) {
        page = variant === html ? plain : pageOf(variant);
        pages.set(variant, page);
      }
      return { path: routePath, page };
    });
    return new AppPages(plain, routePathTable(routes));
  }

  pageFor(pathname: string): Page {
    return bestRoutePath(this.table, pathname)?.page ?? this.plain;
  }
}

/**
 * The encoding to send: brotli, else gzip, when the client accepts it (a q of 0 refuses), read by
 * the negotiator @fastify/static uses for the assets, so the page and its scripts agree.
 */
export function encodingFor(acceptEncoding: string | undefined): Encoding {
  return (negotiate((acceptEncoding ?? '').toLowerCase(), ['br', 'gzip']) as Encoding | null) ?? 'identity';
}

/**
 * Sends the page for the request's path (GET or HEAD): compressed as the client accepts, revalidated on every
 * use (`no-cache`, its ETag answered with 304 when it has not changed).
 */
export function sendAppPage(pages: AppPages, request: FastifyRequest, reply: FastifyReply): FastifyReply {
  const pathname = request.url.split('?')[0] ?? '/';
  const page = pages.pageFor(pathname);
  const encoding = encodingFor(request.headers['accept-encoding']);
  const etag = page.etags[encoding];
  reply
    .header('content-type', 'text/html; charset=utf-8')
    .header('cache-control', revalidateCacheControl)
    .header('vary', 'accept-encoding')
    .header('etag', etag);
  if (request.headers['if-none-match']?.split(',').some((tag) => tag.trim() === etag)) {
    return reply.code(304).send();
  }
  if (encoding !== 'identity') reply.header('content-encoding', encoding);
  const body = page.bodies[encoding];
  // HEAD: the headers GET would send, its length too, and no body
  if (request.method === 'HEAD') return reply.code(200).header('content-length', body.length).send();
  return reply.code(200).send(body);
}

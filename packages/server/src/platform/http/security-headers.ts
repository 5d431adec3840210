import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';

/**
 * Security headers on every answer (pages and API): a Content-Security-Policy the web app passes
 * without inline scripts (Material UI's emotion injects styles, so styles may be inline), nosniff,
 * no framing, no referrer across origins, HSTS only when the request came over HTTPS. The API
 * reference page (Swagger UI, no inline scripts) runs under the same policy.
 *
 * Helmet's middleware is made once and applied to every request's raw response. (@fastify/helmet
 * rebuilt it, parsing the policy again, on every request: about a tenth of a millisecond each.)
 */
export async function registerSecurityHeaders(app: FastifyInstance): Promise<void> {
  const applyHeaders = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        mediaSrc: ["'self'", 'blob:'],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        workerSrc: ["'self'", 'blob:'],
      },
    },
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    // HSTS only means something over HTTPS; behind a TLS proxy the proxy's scheme decides
    strictTransportSecurity: false,
    crossOriginEmbedderPolicy: false,
  });
  app.addHook('onRequest', (request, reply, done) =>
    applyHeaders(request.raw, reply.raw, (error) => done(error as Error | undefined)),
  );
  app.addHook('onSend', async (request, reply, payload) => {
    const proto = request.headers['x-forwarded-proto'];
    if (request.protocol === 'https' || proto === 'https') {
      reply.header('strict-transport-security', 'max-age=31536000; includeSubDomains');
    }
    return payload;
  });
}

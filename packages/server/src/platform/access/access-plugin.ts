import { AppError } from '@lm/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { SessionCheck } from '../auth/sessions';
import { type Actor, bearerToken, type TokenService } from '../auth/tokens';
import { PUBLIC, routeAccess, routeKey } from './route-access';

declare module 'fastify' {
  interface FastifyRequest {
    actor: Actor | null;
    /**
     * The check that the caller's session is still live, when it travels with the request's first
     * statements instead of before them (routes registered with runsWithClaim, called with an
     * Idempotency-Key): the route's idempotent transaction runs it, and nothing it wrote commits
     * unless the session is live. Null when the check was made before the handler.
     */
    sessionCheck: (() => Promise<void>) | null;
  }
  interface FastifyContextConfig {
    /** The route's handler runs behind its key's claim (platform/idempotency.ts). */
    runsWithClaim?: boolean;
  }
}

/** The signed-in caller; routes that are not public always have one. */
export function actorOf(request: FastifyRequest): Actor {
  if (!request.actor) throw new AppError('TOKEN_TAMPERED', 'Token tampered with');
  return request.actor;
}

/**
 * Every route must be listed in the route-access table, or the server refuses to start. Each
 * request is authenticated and its role checked against that table before the handler runs.
 */
export function registerAccessControl(app: FastifyInstance, tokens: TokenService, sessions: SessionCheck): void {
  /** A valid access token whose session is still live (logout, reuse and password change end it). */
  const authenticate = async (token: string | undefined): Promise<Actor> => {
    const actor = await tokens.verifyAccessToken(token);
    await sessions.assertLive(actor.sessionId, actor.userId);
    return actor;
  };

  app.decorateRequest('actor', null);
  app.decorateRequest('sessionCheck', null);

  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) {
      if (method === 'HEAD' || method === 'OPTIONS') continue;
      if (!route.url.startsWith('/api') && !route.url.startsWith('/authenticateJwt')) continue;
      const key = routeKey(method, route.url);
      if (!(key in routeAccess)) {
        throw new Error(`Route ${key} is not listed in the route-access table (platform/access/route-access.ts).`);
      }
    }
  });

  app.addHook('onRequest', async (request) => {
    const url = request.routeOptions.url;
    if (!url) return; // not found: the 404 handler answers
    if (!url.startsWith('/api') && !url.startsWith('/authenticateJwt')) return;
    const method = request.method === 'HEAD' ? 'GET' : request.method;
    const allowed = routeAccess[routeKey(method, url)];
    if (allowed === undefined) throw new AppError('FORBIDDEN', 'This route is not open to anyone.');
    if (allowed === PUBLIC) {
      const token = bearerToken(request.headers.authorization);
      if (token) request.actor = await authenticate(token).catch(() => null);
      return;
    }
    if (request.routeOptions.config.runsWithClaim === true && request.headers['idempotency-key'] !== undefined) {
      // the token is checked now; its session's liveness with the transaction's first statements
      const actor = await tokens.verifyAccessToken(bearerToken(request.headers.authorization));
      request.actor = actor;
      if (!allowed.includes(actor.role)) throw new AppError('FORBIDDEN', 'You do not have permission to do this.');
      request.sessionCheck = () => sessions.assertLive(actor.sessionId, actor.userId);
      return;
    }
    const actor = await authenticate(bearerToken(request.headers.authorization));
    request.actor = actor;
    if (!allowed.includes(actor.role)) throw new AppError('FORBIDDEN', 'You do not have permission to do this.');
  });
}

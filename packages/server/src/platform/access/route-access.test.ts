import { allRoles, type Role } from '@lm/domain';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, demo, type TestApp } from '../../test-support/test-app';
import type { SessionCheck } from '../auth/sessions';
import type { TokenService } from '../auth/tokens';
import { registeredRoutes } from '../http/openapi';
import { registerAccessControl } from './access-plugin';
import { PUBLIC, routeAccess, routeKey } from './route-access';

const tokenOf: Record<Role, string> = {} as Record<Role, string>;
const emailOf: Record<Role, string> = {
  MANAGEMENT: demo.management,
  SUPPORT: demo.support,
  AUDITOR: demo.auditor,
  INVESTOR: demo.investor,
  INVESTOR_READ_ONLY: demo.readOnly,
};

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  for (const role of allRoles) tokenOf[role] = await t.login(emailOf[role]);
});
afterAll(() => t.close());

function concrete(url: string): string {
  // any id will do: access is decided before the handler looks the object up
  return url.replace(/:[A-Za-z]+/g, '999999');
}

const table = Object.entries(routeAccess).map(([key, access]) => {
  const [method, url] = key.split(' ') as [string, string];
  return { method, url, access };
});

describe('route-access table', () => {
  it('lists exactly the routes the server registers', () => {
    for (const { method, url } of table) {
      expect(t.app.hasRoute({ method: method as 'GET', url }), `${method} ${url} is in the table but not served`).toBe(
        true,
      );
    }
    // the other direction: every route the server registered has its row
    const served = registeredRoutes(t.app).filter(
      (r) => r.url.startsWith('/api') || r.url.startsWith('/authenticateJwt'),
    );
    expect(served.length).toBeGreaterThan(80);
    for (const route of served) {
      expect(routeAccess, `${route.method} ${route.url} is served but has no row`).toHaveProperty([
        routeKey(route.method, route.url),
      ]);
    }
  });

  it('a route without a row cannot be registered: the server refuses to start', async () => {
    const app = Fastify();
    registerAccessControl(app, {} as TokenService, {} as SessionCheck);
    expect(() => app.get('/api/not-in-the-table', async () => 'never')).toThrow(
      'Route GET /api/not-in-the-table is not listed in the route-access table',
    );
    await app.close().catch(() => undefined);
  });

  // logout ends the session of the token it is called with: each role logs out with a session of its own
  it('POST /api/auth/logout: anonymous refused with 666, every role allowed', async () => {
    const anonymous = await t.call('POST', '/api/auth/logout', { body: {} });
    expect(anonymous.status).toBe(666);
    for (const role of allRoles) {
      const token = await t.login(emailOf[role]);
      const res = await t.call('POST', '/api/auth/logout', { token, body: {} });
      expect(res.status, `${role}: ${JSON.stringify(res.body)}`).toBe(200);
      expect((await t.call('GET', '/api/user/details', { token })).status).toBe(401);
    }
  });

  for (const { method, url, access } of table) {
    if (method === 'POST' && url === '/api/auth/logout') continue;
    it(`${method} ${url}: anonymous ${access === PUBLIC ? 'allowed' : 'refused with 666'}`, async () => {
      const res = await t.call(method as 'GET', concrete(url), { body: method === 'GET' ? undefined : {} });
      if (access === PUBLIC) expect(res.status).not.toBe(666);
      else {
        expect(res.status).toBe(666);
        expect(res.body.userMessage).toBe('Token tampered with');
      }
    });
    if (access === PUBLIC) continue;
    for (const role of allRoles) {
      const allowed = access.includes(role);
      it(`${method} ${url}: ${role} ${allowed ? 'allowed' : 'forbidden'}`, async () => {
        const res = await t.call(method as 'GET', concrete(url), {
          token: tokenOf[role],
          body: method === 'GET' ? undefined : {},
        });
        if (allowed) {
          expect(res.status, JSON.stringify(res.body)).not.toBe(403);
          expect(res.status).not.toBe(666);
        } else {
          expect(res.status, JSON.stringify(res.body)).toBe(403);
          expect(res.body.code).toBe('FORBIDDEN');
        }
      });
    }
  }
});

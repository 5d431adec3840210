import { allRoles, type Role } from '@lm/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, demo, type TestApp } from '../../test-support/test-app';
import { PUBLIC, routeAccess } from './route-access';

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
    // the other direction is enforced at start-up: registering an unlisted route throws
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

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, demo, type TestApp } from '../test-support/test-app';

let t: TestApp;
const token: Record<string, string> = {};
const idOf: Record<string, number> = {};

beforeAll(async () => {
  t = await createTestApp();
  token.management = await t.login(demo.management);
  token.support = await t.login(demo.support);
  token.auditor = await t.login(demo.auditor);
  token.investor = await t.login(demo.investor);
  for (const row of await t.ctx.db.selectFrom('users').select(['id', 'email']).execute()) idOf[row.email] = row.id;
});
afterAll(() => t.close());

describe('GET api/users (staff list)', () => {
  it('lists only Management and Support staff, id descending', async () => {
    const res = await t.call('GET', '/api/users?$count=true', { token: token.management });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.count).toBe(2);
    expect(res.body.data).toEqual([
      expect.objectContaining({ id: idOf[demo.support], type: 'SUPPORT', firstName: 'Sam', lastName: 'Support' }),
      expect.objectContaining({ id: idOf[demo.management], type: 'MANAGEMENT', firstName: 'Alex', lastName: 'Admin' }),
    ]);
    expect(res.body.data[0]).not.toHaveProperty('passwordHash');
  });

  it('a filter cannot reach past the staff types', async () => {
    const res = await t.call('GET', "/api/users?$filter=type eq 'AUDITOR' or type eq 'INVESTOR'", {
      token: token.support,
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual([]);
  });

  it('selects the table columns; the page size All is 1000 rows at most', async () => {
    const res = await t.call('GET', '/api/users?$select=id,type,firstName,lastName&$top=1000', {
      token: token.support,
    });
    expect(res.status).toBe(200);
    expect(Object.keys(res.body.data[0]).sort()).toEqual(['firstName', 'id', 'lastName', 'type']);
    const tooMany = await t.call('GET', '/api/users?$top=1001', { token: token.support });
    expect(tooMany.status).toBe(400);
  });

  it('is refused to the auditor and investors', async () => {
    for (const who of ['auditor', 'investor']) {
      expect((await t.call('GET', '/api/users', { token: token[who] })).status, who).toBe(403);
    }
  });
});

describe('GET api/users/{id} (staff detail)', () => {
  it('answers a staff member of the listed types', async () => {
    const res = await t.call('GET', `/api/users/${idOf[demo.management]}`, { token: token.support });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({
      id: idOf[demo.management],
      type: 'MANAGEMENT',
      firstName: 'Alex',
      middleName: null,
      lastName: 'Admin',
      email: demo.management,
      mobileNumber1: '0400 000 000',
      status: 'ACTIVE',
    });
  });

  it('investors and auditors are not staff of the list: not found', async () => {
    for (const email of [demo.investor, demo.auditor]) {
      const res = await t.call('GET', `/api/users/${idOf[email]}`, { token: token.management });
      expect(res.status, email).toBe(404);
      expect(res.body.userMessage).toBe('Staff member not found.');
    }
  });

  it('the auditor and investors are refused', async () => {
    for (const who of ['auditor', 'investor']) {
      const res = await t.call('GET', `/api/users/${idOf[demo.support]}`, { token: token[who] });
      expect(res.status, who).toBe(403);
    }
  });
});

describe('strict input', () => {
  it('a malformed staff id is a 400', async () => {
    for (const path of ['/api/users/abc', '/api/users/0', '/api/users/12345678901234567890']) {
      expect((await t.call('GET', path, { token: token.management })).status, path).toBe(400);
    }
  });
});

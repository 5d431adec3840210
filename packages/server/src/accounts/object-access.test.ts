import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { balancesOf } from '../ledger';
import { routeAccess } from '../platform/access/route-access';
import { systemAudit } from '../platform/audit/audit';
import { createTestApp, demo, type TestApp } from '../test-support/test-app';
import { addBankAccount } from './create-investment-account';
import { mailedCode, openAccountFor } from './money.test-support';

/**
 * An investor cannot read or act on another investor's account through any api/user route by
 * changing an id (DESIGN §7): every api/user route that names an investment account in its path
 * answers 403 or 404 for someone else's account, with none of that account's data in the body,
 * and moves nothing.
 */

let t: TestApp;
let attacker: string;
let attackerReadOnly: string;
let victim: { accountId: number; bankAccountId: number };
let victimRequestId: number;
let victimTransactionId: number;
const secretName = 'Victim Secret Account';
const secretAccountNumber = '99887766';
const victimEmail = 'victim@example.com';

beforeAll(async () => {
  t = await createTestApp({ clockNow: '2027-03-05T10:00:00+11:00' });
  await openAccountFor(t.ctx, demo.investor, { name: 'Attacker own' });
  await openAccountFor(t.ctx, demo.readOnly, { name: 'Read-only attacker own' });
  // the victim logs in with the demo password: the demo investor's hash is reused
  const { passwordHash } = await t.ctx.db
    .selectFrom('users')
    .select('passwordHash')
    .where('email', '=', demo.investor)
    .executeTakeFirstOrThrow();
  const victimUser = await t.ctx.db
    .insertInto('users')
    .values({ email: victimEmail, type: 'INVESTOR', passwordHash, status: 'ACTIVE' })
    .returning('id')
    .executeTakeFirstOrThrow();
  await t.ctx.db.insertInto('investors').values({ userId: victimUser.id }).execute();
  victim = await openAccountFor(t.ctx, victimEmail, { name: secretName });
  await t.ctx.db.transaction().execute((trx) =>
    addBankAccount(
      trx,
      {
        investmentAccountId: victim.accountId,
        name: 'Secret bank',
        bsbNumber: '012-345',
        accountNumber: secretAccountNumber,
      },
      systemAudit('test'),
      t.ctx.clock.now(),
    ),
  );
  const admin = await t.login(demo.management);
  const deposit = await t.call('POST', `/api/investmentAccounts/${victim.accountId}/deposit`, {
    token: admin,
    body: { amount: 900, comment: 'in', depositDate: '2027-03-05', investorComment: secretName },
  });
  victimTransactionId = deposit.body.data.id;
  const lodged = await t.call('POST', `/api/user/investmentAccounts/${victim.accountId}/withdraw`, {
    token: await t.login(victimEmail),
    body: { amount: 100, bankAccountId: victim.bankAccountId },
  });
  expect(lodged.status, JSON.stringify(lodged.body)).toBe(200);
  victimRequestId = lodged.body.data.id;
  expect(mailedCode(t.ctx, victimEmail)).toMatch(/^\d{6}$/);
  [attacker, attackerReadOnly] = await Promise.all([t.login(demo.investor), t.login(demo.readOnly)]);
});
afterAll(() => t.close());

/** Every api/user route whose path names an investment account. */
const accountRoutes = Object.keys(routeAccess)
  .map((key) => key.split(' ') as [string, string])
  .filter(([, url]) => url.startsWith('/api/user/') && /(investmentAccounts\/:|:accountId)/.test(url));

function concrete(url: string): string {
  return url
    .replace(/investmentAccounts\/:[A-Za-z]+/, `investmentAccounts/${victim.accountId}`)
    .replace(/:accountId/, String(victim.accountId))
    .replace(/:requestId/, String(victimRequestId))
    .replace(/:[A-Za-z]+/g, String(victimTransactionId));
}

describe("another investor's account through api/user routes", () => {
  it('covers the money routes at least', () => {
    const urls = accountRoutes.map(([, url]) => url);
    expect(urls).toEqual(
      expect.arrayContaining([
        '/api/user/investmentAccounts/:accountId/transactions',
        '/api/user/investmentAccounts/:accountId/bankAccounts',
        '/api/user/investmentAccounts/:accountId/withdraw',
        '/api/user/investmentAccounts/:accountId/withdrawalRequests/:requestId/verify',
      ]),
    );
  });

  for (const [method, url] of accountRoutes) {
    it(`${method} ${url}: 403 or 404 with none of the other account's data`, async () => {
      const before = await balancesOf(t.ctx.db, victim.accountId);
      const body =
        method === 'GET'
          ? undefined
          : {
              amount: 1,
              bankAccountId: victim.bankAccountId,
              verificationCode: '123456',
              investmentAccountId: victim.accountId,
            };
      for (const token of [attacker, attackerReadOnly]) {
        const res = await t.call(method as 'GET', concrete(url), { token, body });
        expect([403, 404], `${res.status} ${JSON.stringify(res.body)}`).toContain(res.status);
        const text = JSON.stringify(res.body);
        expect(text).not.toContain(secretName);
        expect(text).not.toContain(secretAccountNumber);
        expect(res.body.success).toBe(false);
      }
      expect(await balancesOf(t.ctx.db, victim.accountId)).toEqual(before);
    });
  }

  it("the account list and filters never reach the other account's rows", async () => {
    const list = await t.call('GET', `/api/user/investmentAccounts?$filter=id eq ${victim.accountId}`, {
      token: attacker,
    });
    expect(list.body.data).toEqual([]);
    const request = await t.ctx.db
      .selectFrom('withdrawalRequests')
      .select(['status', 'codeAttempts'])
      .where('id', '=', victimRequestId)
      .executeTakeFirstOrThrow();
    expect(request).toEqual({ status: 'UNVERIFIED', codeAttempts: 0 });
  });
});

import fs from 'node:fs';
import path from 'node:path';
import { centsFromNumber, houseAccountId, repaymentMessages, sumCents } from '@lm/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, demo, type TestApp } from '../test-support/test-app';
import { brokenLedgerInvariants, createWorkedExampleLoan, type TestLoan } from './repayments.test-support';

const fixture = fs.readFileSync(path.join(import.meta.dirname, 'fixtures/receipts-insyston.csv'));
const thirdPartyLoanId = 'HSB-2027-0001';

/** A multipart/form-data body with one file, as the upload screen sends it. */
function upload(content: Buffer | string, filename = 'receipts.csv') {
  const boundary = '----lm-test-boundary';
  const body = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: text/csv\r\n\r\n`,
    ),
    Buffer.isBuffer(content) ? content : Buffer.from(content),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { body, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

let t: TestApp;
let management: string;
let support: string;
let investor: string;
let readOnly: string;
let loan: TestLoan & { accounts: { a: number; b: number; c: number } };
let staged: any[];

beforeAll(async () => {
  // the day after the fixture loan's first due date
  t = await createTestApp({ clockNow: '2027-02-21T10:00:00+11:00' });
  management = await t.login(demo.management);
  support = await t.login(demo.support);
  investor = await t.login(demo.investor);
  readOnly = await t.login(demo.readOnly);
  loan = await createWorkedExampleLoan(t.ctx, { thirdPartyId: thirdPartyLoanId, investorEmail: demo.investor });
});
afterAll(() => t.close());

const processFile = (content: Buffer | string, token = management) => {
  const { body, headers } = upload(content);
  return t.call('POST', '/api/repayments/receipts/processFile?provider=insyston', { token, body, headers });
};

describe('receipt upload (processFile)', () => {
  it('stages the fixture receipts matched to the loan by its third-party id; an unknown loan is flagged, not dropped', async () => {
    const text = `${fixture.toString().trimEnd()}\nNOPE-1,RCPT-X,2027-02-20,100.00,100.00,B-X\n`;
    const res = await processFile(text);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.userMessage).toBe(repaymentMessages.uploaded);
    staged = res.body.data;
    expect(staged).toHaveLength(4);
    expect(staged[0]).toEqual({
      id: 1,
      line: 2,
      thirdPartyLoanId,
      loanId: loan.loanId,
      thirdPartyId: 'RCPT-000101',
      dueDate: '2027-02-20',
      netAmount: 10689.94,
      grossAmount: 10689.94,
      batchNumber: 'B-2027-02-20',
      loanAmount: 120000,
      loanName: expect.any(String),
      loanStatus: 'ACTIVE',
      matched: true,
      issue: null,
    });
    expect(staged[3]).toMatchObject({
      thirdPartyLoanId: 'NOPE-1',
      loanId: null,
      loanAmount: null,
      matched: false,
      issue: 'No loan has the third-party id NOPE-1.',
    });
  });

  it('a file that cannot be read is a 400 naming the line and the column; nothing usable is the specification message', async () => {
    const bad = await processFile(
      'thirdPartyLoanId,receiptId,receiptDate,netAmount,grossAmount,batchNumber\nL,R,2027-02-20,ten,10,B\n',
    );
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({
      success: false,
      code: 'INVALID_FILE',
      userMessage: "Line 2, column netAmount: 'ten' is not an amount with at most two decimal places.",
    });
    const empty = await processFile('thirdPartyLoanId,receiptId,receiptDate,netAmount,grossAmount,batchNumber\r\n');
    expect(empty.status).toBe(400);
    expect(empty.body.userMessage).toBe(repaymentMessages.repaymentsEmpty);
    const unknownProvider = await t.call('POST', '/api/repayments/receipts/processFile?provider=other', {
      token: management,
      ...upload(fixture),
    });
    expect(unknownProvider.status).toBe(400);
  });

  it('only management uploads', async () => {
    expect((await processFile(fixture, support)).status).toBe(403);
    expect((await processFile(fixture, investor)).status).toBe(403);
  });
});

describe('publishing (receipts/batch)', () => {
  it('a row without a required property fails with the specification warning, and nothing is stored', async () => {
    const { loanId: _dropped, ...withoutLoan } = staged[1];
    const res = await t.call('POST', '/api/repayments/receipts/batch', {
      token: management,
      body: [staged[0], withoutLoan],
    });
    expect(res.status).toBe(400);
    expect(res.body.userMessage).toBe(repaymentMessages.requiredPropertyMissing);
    expect(res.body.details).toEqual([{ field: '1.loanId', message: 'loanId is missing' }]);
    const stored = await t.ctx.db
      .selectFrom('loanTransactions')
      .select('id')
      .where('loanId', '=', loan.loanId)
      .execute();
    expect(stored).toEqual([]);
  });

  it('refuses a control character in any text and a coerced amount as a 400 naming the row and field', async () => {
    for (const field of ['thirdPartyId', 'batchNumber', 'thirdPartyLoanId', 'dueDate']) {
      const res = await t.call('POST', '/api/repayments/receipts/batch', {
        token: management,
        body: [{ ...staged[0], [field]: 'RCPT\u0000X' }],
      });
      expect(res.status, field).toBe(400);
      expect(res.body.details, field).toEqual([expect.objectContaining({ field: `0.${field}` })]);
    }
    for (const netAmount of ['0x10', '1e2', 10.005, true]) {
      const res = await t.call('POST', '/api/repayments/receipts/batch', {
        token: management,
        body: [{ ...staged[0], netAmount }],
      });
      expect(res.status, String(netAmount)).toBe(400);
      expect(res.body.details).toEqual([expect.objectContaining({ field: '0.netAmount' })]);
    }
    const comment = await t.call('POST', '/api/loanTransactions/1/actions/applyExcess', {
      token: management,
      body: { comment: 'a\u0000b' },
    });
    expect(comment.status).toBe(400);
    expect(comment.body.details).toEqual([expect.objectContaining({ field: 'comment' })]);
    const stored = await t.ctx.db
      .selectFrom('loanTransactions')
      .select('id')
      .where('loanId', '=', loan.loanId)
      .execute();
    expect(stored).toEqual([]);
  });

  it('a batch is stored whole or not at all: one bad loan refuses every receipt', async () => {
    const res = await t.call('POST', '/api/repayments/receipts/batch', {
      token: management,
      body: [staged[0], { ...staged[3], loanId: 999_999 }],
    });
    expect(res.status).toBe(404);
    const stored = await t.ctx.db
      .selectFrom('loanTransactions')
      .select('id')
      .where('loanId', '=', loan.loanId)
      .execute();
    expect(stored).toEqual([]);
  });

  it('publishes the first receipt: a PAID repayment transaction, the repayment paid, trust bank -> loan collections', async () => {
    const res = await t.call('POST', '/api/repayments/receipts/batch', { token: management, body: [staged[0]] });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.userMessage).toBe(repaymentMessages.submitted);
    expect(res.body.data).toMatchObject({
      publishedCount: 1,
      alreadyPublishedCount: 0,
      receipts: [
        {
          receiptId: 'RCPT-000101',
          loanId: loan.loanId,
          repaymentId: loan.repaymentIds[0],
          principalAmount: 9439.94,
          interestAmount: 1250,
          excessAmount: 0,
          alreadyPublished: false,
        },
      ],
    });
    const repayment = await t.ctx.db
      .selectFrom('repayments')
      .select(['status', 'principalPaid', 'interestPaid'])
      .where('id', '=', loan.repaymentIds[0]!)
      .executeTakeFirstOrThrow();
    expect(repayment).toEqual({ status: 'PAID', principalPaid: '9439.94', interestPaid: '1250.00' });
    const collections = await t.ctx.db
      .selectFrom('loans')
      .innerJoin('ledgerAccounts', 'ledgerAccounts.id', 'loans.collectionsLedgerAccountId')
      .select('ledgerAccounts.currentBalance')
      .where('loans.id', '=', loan.loanId)
      .executeTakeFirstOrThrow();
    expect(collections.currentBalance).toBe('10689.94');
    expect(await brokenLedgerInvariants(t.ctx)).toEqual([]);
  });

  it('publishing one batch twice pays once', async () => {
    const batch = [staged[0], staged[1]];
    const first = await t.call('POST', '/api/repayments/receipts/batch', { token: management, body: batch });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.data).toMatchObject({ publishedCount: 1, alreadyPublishedCount: 1 });
    const again = await t.call('POST', '/api/repayments/receipts/batch', { token: management, body: batch });
    expect(again.status).toBe(200);
    expect(again.body.data).toMatchObject({ publishedCount: 0, alreadyPublishedCount: 2 });
    expect(again.body.data.receipts.map((r: any) => r.loanTransactionId)).toEqual(
      first.body.data.receipts.map((r: any) => r.loanTransactionId),
    );
    const transactions = await t.ctx.db
      .selectFrom('loanTransactions')
      .select(['receiptId', 'netAmount'])
      .where('loanId', '=', loan.loanId)
      .orderBy('id')
      .execute();
    expect(transactions).toEqual([
      { receiptId: 'RCPT-000101', netAmount: '10689.94' },
      { receiptId: 'RCPT-000154', netAmount: '10689.94' },
    ]);
    const repayment = await t.ctx.db
      .selectFrom('repayments')
      .select(['status', 'principalPaid', 'interestPaid'])
      .where('id', '=', loan.repaymentIds[1]!)
      .executeTakeFirstOrThrow();
    expect(repayment).toEqual({ status: 'PAID', principalPaid: '9538.27', interestPaid: '1151.67' });
    expect(await brokenLedgerInvariants(t.ctx)).toEqual([]);
  });

  it('the same receipt with other details is refused; with an Idempotency-Key a replay answers the first response', async () => {
    const changed = await t.call('POST', '/api/repayments/receipts/batch', {
      token: management,
      body: [{ ...staged[0], netAmount: 1, grossAmount: 1 }],
    });
    expect(changed.status).toBe(409);
    expect(changed.body.userMessage).toMatch(/^Receipt RCPT-000101 has already been published with other details/);

    const headers = { 'idempotency-key': 'publish-third-receipt' };
    const first = await t.call('POST', '/api/repayments/receipts/batch', {
      token: management,
      body: [staged[2]],
      headers,
    });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    const replay = await t.call('POST', '/api/repayments/receipts/batch', {
      token: management,
      body: [staged[2]],
      headers,
    });
    expect(replay.body).toEqual(first.body);
    // the third receipt pays $500 more than is due
    expect(first.body.data.receipts[0]).toMatchObject({
      principalAmount: 9637.63,
      interestAmount: 1052.31,
      excessAmount: 500,
    });
  });
});

describe('the excess screen and fractionalising', () => {
  const excessScreen =
    "/api/loanTransactions?$filter=status eq 'PAID' and type eq 'REPAYMENT' and reversalTransactionId eq null" +
    '&$expand=repayment,loan&$orderby=id&$count=true';

  it('lists paid repayment transactions without a reversal, with the repayment due date and the loan third-party id', async () => {
    const res = await t.call('GET', encodeURI(excessScreen), { token: support });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.count).toBe(3);
    expect(res.body.data[0]).toMatchObject({
      loanId: loan.loanId,
      principalAmount: 9439.94,
      interestAmount: 1250,
      netAmount: 10689.94,
      status: 'PAID',
      type: 'REPAYMENT',
      fractionalisedDate: null,
      repayment: { dueDate: '2027-02-20' },
      loan: { thirdPartyId: thirdPartyLoanId },
    });
    expect(res.body.data[2]).toMatchObject({
      excessAmount: 500,
      excessPending: 500,
      repayment: { dueDate: '2027-04-20' },
    });
  });

  it("fractionalises the first repayment exactly as DOMAIN.md's worked example", async () => {
    const list = await t.call('GET', encodeURI(excessScreen), { token: management });
    const firstId = list.body.data[0].id;
    const res = await t.call('POST', '/api/repayments/fractionalise', { token: management, body: [firstId] });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.userMessage).toBe(repaymentMessages.fractionalised);
    const [result] = res.body.data;
    expect(result).toMatchObject({
      principalAmount: 9439.94,
      interestAmount: 1250,
      commissionAmount: 133.33,
      taxWithheldAmount: 16.45,
    });
    // each holder's piece is its account row of the entry, read as staff read it
    const rows = await t.call(
      'GET',
      `/api/transactions?${new URLSearchParams({ $filter: `ledgerEntryId eq ${result.ledgerEntryId} and type eq 'REPAYMENT'`, $top: '100' })}`,
      { token: management },
    );
    expect(rows.status, JSON.stringify(rows.body)).toBe(200);
    expect(rows.body.data).toHaveLength(result.holdersPaid);
    const byAccount = Object.fromEntries(
      rows.body.data.map((r: any) => [r.investmentAccountId, { ...r, cashAmount: r.amount }]),
    );
    expect(byAccount[loan.accounts.a]).toMatchObject({
      principalAmount: 4719.97,
      interestAmount: 525,
      taxWithheldAmount: 0,
      cashAmount: 5244.97,
    });
    expect(byAccount[loan.accounts.b]).toMatchObject({
      principalAmount: 3146.65,
      interestAmount: 416.67,
      cashAmount: 3563.32,
    });
    expect(byAccount[houseAccountId]).toMatchObject({ principalAmount: 94.4, interestAmount: 10.5, cashAmount: 104.9 });
    expect(byAccount[loan.accounts.c]).toMatchObject({
      principalAmount: 1478.92,
      interestAmount: 164.5,
      taxWithheldAmount: 16.45,
      cashAmount: 1626.97,
    });

    // the same transaction is never paid twice
    const again = await t.call('POST', '/api/repayments/fractionalise', { token: management, body: [firstId] });
    expect(again.status).toBe(422);
    expect(again.body.userMessage).toBe(`Loan transaction ${firstId} has already been fractionalised.`);
    expect(await brokenLedgerInvariants(t.ctx)).toEqual([]);
  });

  it("the investor's transactions show the repayment with principal, interest and running balance", async () => {
    const rows = await t.ctx.db
      .selectFrom('accountTransactions')
      .select(['type', 'grossAmount', 'principalAmount', 'interestAmount', 'taxWithheldAmount', 'runningBalance'])
      .where('investmentAccountId', '=', loan.accounts.a)
      .orderBy('id')
      .execute();
    expect(rows).toEqual([
      expect.objectContaining({ type: 'DEPOSIT', runningBalance: '60000.00' }),
      expect.objectContaining({ type: 'INVESTMENT', runningBalance: '0.00' }),
      {
        type: 'REPAYMENT',
        grossAmount: '5244.97',
        principalAmount: '4719.97',
        interestAmount: '525.00',
        taxWithheldAmount: '0.00',
        runningBalance: '5244.97',
      },
    ]);
  });

  it("the investor's portfolio shows the repayment: investments, repayments, summary", async () => {
    const investments = await t.call('GET', `/api/user/investmentAccounts/${loan.accounts.a}/investments`, {
      token: investor,
    });
    expect(investments.status, JSON.stringify(investments.body)).toBe(200);
    expect(investments.body.data).toEqual([
      expect.objectContaining({
        loanId: loan.loanId,
        loanStatus: 'ACTIVE',
        loanAmount: 120000,
        investedAmount: 60000,
        principalRepaid: 4719.97,
        interestRepaid: 525,
        principalOutstanding: 55280.03,
        investmentInterestRate: 10.5,
        repaidProgress: 7.87,
      }),
    ]);

    const repayments = await t.call('GET', `/api/user/investmentAccounts/${loan.accounts.a}/repayments?$top=2`, {
      token: investor,
    });
    expect(repayments.status, JSON.stringify(repayments.body)).toBe(200);
    expect(repayments.body.data[0]).toMatchObject({
      repaymentId: loan.repaymentIds[0],
      dueDate: '2027-02-20',
      repaymentStatus: 'PAID',
      principalDue: 4719.97,
      investorsInterestDue: 525,
      netAmount: 5244.97,
      principalPaid: 4719.97,
      interestPaid: 525,
    });
    expect(repayments.body.data[1]).toMatchObject({ dueDate: '2027-03-20', principalPaid: 0, interestPaid: 0 });

    const summary = await t.call('GET', '/api/accounts/portfolio?startDate=2026-07-01&endDate=2027-06-30', {
      token: investor,
    });
    expect(summary.status, JSON.stringify(summary.body)).toBe(200);
    expect(summary.body.data).toEqual([
      expect.objectContaining({
        accountId: loan.accounts.a,
        principalOutstanding: 55280.03,
        currentCashBalance: 5244.97,
        interestRepaid: 525,
      }),
    ]);
  });

  it("another investor's account is not found, and nothing of it is read", async () => {
    for (const url of [
      `/api/user/investmentAccounts/${loan.accounts.a}/investments`,
      `/api/user/investmentAccounts/${loan.accounts.a}/repayments`,
      `/api/accounts/portfolio?accountId=${loan.accounts.a}`,
      `/api/user/transactions/statistics?accountId=${loan.accounts.a}`,
    ]) {
      const res = await t.call('GET', url, { token: readOnly });
      expect(res.status, url).toBe(404);
      expect(res.body.data).toBeUndefined();
    }
    const own = await t.call('GET', '/api/accounts/portfolio', { token: readOnly });
    expect(own.body.data).toEqual([]);
  });

  it('the excess is either applied to the next repayment or returned, once', async () => {
    const res = await t.call('GET', encodeURI('/api/loanTransactions?$filter=excessPending gt 0'), {
      token: management,
    });
    const third = res.body.data;
    expect(third).toHaveLength(1);
    const id = third[0].id;
    const applied = await t.call('POST', `/api/loanTransactions/${id}/actions/applyExcess`, { token: management });
    expect(applied.status, JSON.stringify(applied.body)).toBe(200);
    // the fourth repayment is due 2027-05-20: interest 951.92 first, then 48.08 of principal... of $500
    expect(applied.body.data).toMatchObject({
      excessHandling: 'APPLIED',
      excessAmount: 500,
      repaymentId: loan.repaymentIds[3],
      interestAmount: 500,
      principalAmount: 0,
      remainingExcessAmount: 0,
    });
    const twice = await t.call('POST', `/api/loanTransactions/${id}/actions/returnExcess`, { token: management });
    expect(twice.status).toBe(422);
    expect(twice.body.userMessage).toBe('The excess of this repayment has already been handled.');
    const repayment = await t.ctx.db
      .selectFrom('repayments')
      .select(['status', 'interestPaid'])
      .where('id', '=', loan.repaymentIds[3]!)
      .executeTakeFirstOrThrow();
    expect(repayment).toEqual({ status: 'PARTIALLY_PAID', interestPaid: '500.00' });
    expect(await brokenLedgerInvariants(t.ctx)).toEqual([]);
  });

  it('fractionalises the rest, the applied excess included, and the books balance', async () => {
    const open = await t.call(
      'GET',
      encodeURI("/api/loanTransactions?$filter=status eq 'PAID' and fractionalisedDate eq null&$orderby=id"),
      { token: management },
    );
    const ids = open.body.data.map((r: any) => r.id);
    expect(ids).toHaveLength(3);
    const res = await t.call('POST', '/api/repayments/fractionalise', { token: management, body: ids });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const collections = await t.ctx.db
      .selectFrom('loans')
      .innerJoin('ledgerAccounts', 'ledgerAccounts.id', 'loans.collectionsLedgerAccountId')
      .select('ledgerAccounts.currentBalance')
      .where('loans.id', '=', loan.loanId)
      .executeTakeFirstOrThrow();
    expect(collections.currentBalance).toBe('0.00');
    expect(await brokenLedgerInvariants(t.ctx)).toEqual([]);
    const investments = await t.call(
      'GET',
      `/api/investments?$filter=loanId eq ${loan.loanId}&$orderby=id&$expand=loan`,
      {
        token: support,
      },
    );
    // three repayments' principal (the applied excess paid interest only), split by share; A holds exactly half
    const repaid: bigint[] = investments.body.data.map((i: any) => centsFromNumber(i.principalRepaid));
    expect(sumCents(repaid)).toBe(943_994n + 953_827n + 963_763n);
    expect(repaid[0]).toBe((943_994n + 953_827n + 963_763n) / 2n);
    expect(investments.body.data[0].loan).toMatchObject({ id: loan.loanId, thirdPartyId: thirdPartyLoanId });
  });
});

describe('at the same time', () => {
  it('three publishes of one batch at once pay once; three fractionalises of one transaction at once pay once', async () => {
    const other = await createWorkedExampleLoan(t.ctx, { thirdPartyId: 'CONCURRENT-1' });
    const body = [
      {
        loanId: other.loanId,
        thirdPartyId: 'CC-1',
        dueDate: '2027-02-20',
        netAmount: 10689.94,
        grossAmount: 10689.94,
        batchNumber: 'CC',
      },
    ];
    const published = await Promise.all(
      [1, 2, 3].map(() => t.call('POST', '/api/repayments/receipts/batch', { token: management, body })),
    );
    expect(published.map((r) => r.status)).toEqual([200, 200, 200]);
    expect(published.map((r) => r.body.data.publishedCount).sort()).toEqual([0, 0, 1]);
    const rows = await t.ctx.db.selectFrom('loanTransactions').select('id').where('receiptId', '=', 'CC-1').execute();
    expect(rows).toHaveLength(1);

    const fractionalised = await Promise.all(
      [1, 2, 3].map(() => t.call('POST', '/api/repayments/fractionalise', { token: management, body: [rows[0]!.id] })),
    );
    expect(fractionalised.map((r) => r.status).sort()).toEqual([200, 422, 422]);
    const paid = await t.ctx.db
      .selectFrom('accountTransactions')
      .select('id')
      .where('loanTransactionId', '=', rows[0]!.id)
      .where('type', '=', 'REPAYMENT')
      .execute();
    expect(paid).toHaveLength(4);
    expect(await brokenLedgerInvariants(t.ctx)).toEqual([]);
  });
});

import { type DemoUser, demoPassword, demoUsers } from './demo';
import { test } from './fixtures';
import { type RunningServer, startServer } from './server';

/**
 * `test` for journeys that run a server of their own (a fixed clock, short-lived tokens, money of
 * their own that the shared demo server's journeys never see): it starts once per worker with
 * `env`, `baseURL` points at it, and `ownServer` is it.
 */
export function testWithOwnServer(env: Record<string, string>, startTimeoutMs = 300_000) {
  return test.extend<object, { ownServer: RunningServer }>({
    ownServer: [
      // biome-ignore lint/correctness/noEmptyPattern: Playwright fixtures take their dependencies first
      async ({}, use) => {
        const server = await startServer(env);
        await use(server);
        await server.stop();
      },
      { scope: 'worker', timeout: startTimeoutMs },
    ],
    baseURL: async ({ ownServer }, use) => {
      await use(ownServer.baseURL);
    },
  });
}

/**
 * Calls the API as a script would (the journeys prepare their books this way): JSON or a
 * multipart FormData body, the envelope's data back, an error with the server's message otherwise.
 */
export async function callApi<T>(
  baseURL: string,
  token: string | null,
  method: string,
  url: string,
  body?: unknown,
): Promise<T> {
  const headers: Record<string, string> = { accept: 'application/json' };
  if (token) headers.authorization = `Bearer ${token}`;
  const init: RequestInit = { method, headers };
  if (body instanceof FormData) init.body = body;
  else if (body !== undefined) {
    headers['content-type'] = 'application/json';
    init.body = JSON.stringify(body);
  }
  const response = await fetch(`${baseURL}${url}`, init);
  const envelope = (await response.json()) as { success: boolean; data: T; userMessage?: string };
  if (!envelope.success) throw new Error(`${method} ${url}: ${response.status} ${envelope.userMessage}`);
  return envelope.data;
}

/** A demo user's access token, from the API's login. */
export async function apiToken(baseURL: string, user: DemoUser = 'management'): Promise<string> {
  const session = await callApi<{ accessToken: string }>(baseURL, null, 'POST', '/api/auth/login', {
    email: demoUsers[user].email,
    password: demoPassword,
  });
  return session.accessToken;
}

/** The demo book's investment account ids by name (an error names the one that is missing). */
export async function accountIdOf(baseURL: string, token: string): Promise<(name: string) => number> {
  const accounts = await callApi<{ id: number; name: string }[]>(
    baseURL,
    token,
    'GET',
    '/api/investmentAccounts?$top=1000',
  );
  return (name) => {
    const account = accounts.find((a) => a.name === name);
    if (!account) throw new Error(`The demo book has no account named ${name}`);
    return account.id;
  };
}

/** A repayment row of a loan created through the API. */
export interface LoanRepaymentInput {
  dueDate: string;
  principalDue: number;
  interestDue: number;
}

/**
 * Creates a loan as management would through `POST api/loans`: a 12.5% maximum and 10.5%
 * marketplace rate, 10 grace days, interest in arrears, level payments, a term in months, set up
 * and ready for the marketplace.
 */
export async function createLoanThroughApi(
  baseURL: string,
  token: string,
  loan: {
    name: string;
    thirdPartyId: string;
    amount: number;
    marketplaceStartDate: string;
    marketplaceExpiryDate: string;
    disbursementDate: string;
    repayments: readonly LoanRepaymentInput[];
    clientName: string;
    /** The loan's term in months (default: one per repayment row). */
    term?: number;
  },
): Promise<number> {
  const created = await callApi<{ id: number }>(baseURL, token, 'POST', '/api/loans', {
    loan: {
      name: loan.name,
      thirdPartyId: loan.thirdPartyId,
      amount: loan.amount,
      baseInterestRate: 12.5,
      marketplaceRate: 10.5,
      gracePeriodDays: 10,
      interestType: 'IN_ARREARS',
      interestCalculationMethod: 'LEVEL_PAYMENT',
      term: loan.term ?? loan.repayments.length,
      termPeriod: 1,
      termPeriodUnit: 'MONTHS',
      marketplaceStartDate: loan.marketplaceStartDate,
      marketplaceExpiryDate: loan.marketplaceExpiryDate,
      disbursementDate: loan.disbursementDate,
      setupStatus: 'DONE',
    },
    repayments: loan.repayments,
    investmentTopups: [],
    clientDetails: { name: loan.clientName },
  });
  return created.id;
}

import Fastify, { type FastifyInstance } from 'fastify';
import type { Executor } from '../../db/database';
import { ok } from '../../http/envelope';
import { registerErrorHandler } from '../../http/error-handler';
import { runList } from '../run-list';
import type { ListOptions, ListResource } from '../types';

/**
 * Test support only: a demo resource over existing tables (repayments, their loan, the loan's
 * client and details) covering every field type, a small book to query, and a list route on a
 * fresh Fastify instance with the application's error handler — never a production route.
 */
export const demoRepayments: ListResource = {
  name: 'repayments',
  from: 'repayments r',
  fields: {
    id: { sql: 'r.id', type: 'integer' },
    loanId: { sql: 'r.loan_id', type: 'integer' },
    dueDate: { sql: 'r.due_date', type: 'date' },
    status: { sql: 'r.status', type: 'string' },
    principalDue: { sql: 'r.principal_due', type: 'money' },
    interestDue: { sql: 'r.interest_due', type: 'money' },
    gstAmount: { sql: 'r.gst_amount', type: 'money', filter: false },
    stampDutyAmount: { sql: 'r.stamp_duty_amount', type: 'money', sort: false },
    isArchived: { sql: 'r.is_archived', type: 'boolean' },
    createdAt: { sql: 'r.created_at', type: 'datetime' },
  },
  relations: {
    loan: {
      join: 'left join loans loan on loan.id = r.loan_id',
      fields: {
        id: { sql: 'loan.id', type: 'integer' },
        name: { sql: 'loan.name', type: 'string' },
        thirdPartyId: { sql: 'loan.third_party_id', type: 'string' },
        amount: { sql: 'loan.amount', type: 'money' },
        baseInterestRate: { sql: 'loan.base_interest_rate', type: 'decimal' },
        status: { sql: 'loan.status', type: 'string' },
        fundedDate: { sql: 'loan.funded_date', type: 'datetime' },
      },
      relations: {
        client: {
          join: 'left join clients client on client.id = loan.client_id',
          fields: { id: { sql: 'client.id', type: 'integer' }, name: { sql: 'client.name', type: 'string' } },
        },
        details: {
          join: 'left join loan_details details on details.loan_id = loan.id',
          fields: {
            loanId: { sql: 'details.loan_id', type: 'integer' },
            industryType: { sql: 'details.industry_type', type: 'string' },
            companyRevenue: { sql: 'details.company_revenue', type: 'money' },
          },
        },
      },
    },
  },
  defaultOrderBy: 'dueDate asc',
};

export interface DemoBook {
  clients: { acme: number; bright: number; obrien: number };
  loans: { acme: number; bright: number; obrien: number };
  /** Repayment ids per loan, in due-date order. */
  repayments: { acme: number[]; bright: number[]; obrien: number[] };
}

/**
 * Three clients and loans with three repayments each. Loan amounts differ by ten cents
 * (120,000.10 and 120,000.20); the Acme and O'Brien loans were funded on the same Sydney day
 * (5 March 2027, at 00:30 and at 23:59:59), the Bright loan not at all.
 */
export async function insertDemoBook(db: Executor): Promise<DemoBook> {
  const client = async (name: string) =>
    (await db.insertInto('clients').values({ name }).returning('id').executeTakeFirstOrThrow()).id;
  const ledgerAccount = async (name: string) =>
    (
      await db
        .insertInto('ledgerAccounts')
        .values({ kind: 'LOAN_FUNDING', name })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
  const loan = async (values: {
    name: string;
    clientId: number;
    amount: string;
    baseInterestRate: string;
    status: string;
    thirdPartyId: string | null;
    fundedDate: string | null;
  }) => {
    const funding = await ledgerAccount(`${values.name} funding`);
    const collections = await ledgerAccount(`${values.name} collections`);
    const row = await db
      .insertInto('loans')
      .values({
        ...values,
        fundedDate: values.fundedDate === null ? null : new Date(values.fundedDate),
        interestCalculationMethod: 'LEVEL_PAYMENT',
        fundingLedgerAccountId: funding,
        collectionsLedgerAccountId: collections,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  };
  const repayment = async (
    loanId: number,
    dueDate: string,
    status: string,
    principalDue: string,
    interestDue: string,
    isArchived: boolean,
    createdAt: string,
  ) =>
    (
      await db
        .insertInto('repayments')
        .values({
          loanId,
          dueDate,
          status,
          principalDue,
          interestDue,
          gstAmount: '1.00',
          stampDutyAmount: '2.00',
          isArchived,
          createdAt: new Date(createdAt),
        })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;

  const clients = {
    acme: await client('Acme Pty Ltd'),
    bright: await client('Bright_Co 100%'),
    obrien: await client("O'Brien Holdings"),
  };
  const loans = {
    acme: await loan({
      name: 'Acme fit-out',
      clientId: clients.acme,
      amount: '120000.10',
      baseInterestRate: '12.500000',
      status: 'ACTIVE',
      thirdPartyId: 'TP-1',
      fundedDate: '2027-03-04T13:30:00Z',
    }),
    bright: await loan({
      name: 'Bright fleet',
      clientId: clients.bright,
      amount: '120000.20',
      baseInterestRate: '9.750000',
      status: 'FUNDING',
      thirdPartyId: null,
      fundedDate: null,
    }),
    obrien: await loan({
      name: "O'Brien stock",
      clientId: clients.obrien,
      amount: '50000.00',
      baseInterestRate: '11.000000',
      status: 'CLOSED',
      thirdPartyId: 'TP-3',
      fundedDate: '2027-03-05T12:59:59Z',
    }),
  };
  await db
    .insertInto('loanDetails')
    .values({ loanId: loans.acme, industryType: 'Services', companyRevenue: '1500000.55' })
    .execute();
  const repayments = {
    acme: [
      await repayment(loans.acme, '2027-04-05', 'PAID', '9439.94', '1250.00', true, '2027-03-01T00:00:00Z'),
      await repayment(loans.acme, '2027-05-05', 'UNPAID', '9538.27', '1151.67', false, '2027-03-01T00:00:00Z'),
      await repayment(loans.acme, '2027-06-05', 'UNPAID', '9637.63', '1052.31', false, '2027-03-01T00:00:00Z'),
    ],
    bright: [
      await repayment(loans.bright, '2027-04-20', 'UNPAID', '10000.00', '975.00', false, '2027-03-02T00:00:00Z'),
      await repayment(loans.bright, '2027-05-20', 'UNPAID', '10000.00', '893.75', false, '2027-03-02T00:00:00Z'),
      await repayment(loans.bright, '2027-06-20', 'UNPAID', '10000.00', '812.50', false, '2027-03-02T00:00:00Z'),
    ],
    obrien: [
      await repayment(loans.obrien, '2027-04-01', 'PAID', '0.10', '458.33', false, '2027-03-03T00:00:00Z'),
      await repayment(loans.obrien, '2027-05-01', 'PAID', '25000.00', '229.17', false, '2027-03-03T00:00:00Z'),
      await repayment(loans.obrien, '2027-06-01', 'CLOSED_PAYOUT', '24999.90', '0.00', false, '2027-03-03T00:00:00Z'),
    ],
  };
  return { clients, loans, repayments };
}

/** A list route for one resource on a fresh Fastify instance, with the application's error handler. */
export async function listServer(
  db: Executor,
  resource: ListResource,
  options: ListOptions = {},
): Promise<FastifyInstance> {
  const server = Fastify({ logger: false });
  registerErrorHandler(server);
  server.get('/list', async (request) => {
    const result = await runList(db, resource, request.query, options);
    return ok(result.rows, { ...(result.count === undefined ? {} : { count: result.count }) });
  });
  await server.ready();
  return server;
}

/** Sends a GET with the given query options (each value URL-encoded) and parses the envelope. */
export async function getList(
  server: FastifyInstance,
  options: Record<string, string>,
): Promise<{ status: number; body: any }> {
  const query = Object.entries(options)
    .map(([key, value]) => `${encodeURIComponent(key)}=${encodeURIComponent(value)}`)
    .join('&');
  const response = await server.inject({ method: 'GET', url: `/list${query ? `?${query}` : ''}` });
  return { status: response.statusCode, body: JSON.parse(response.body) };
}

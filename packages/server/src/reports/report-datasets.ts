import {
  AppError,
  type Cents,
  centsFromString,
  financialYearPeriod,
  formatDate,
  houseAccountId,
  loanStatusLabels,
  productName,
  type ReportDefinition,
  type ReportId,
  type ReportParameters,
  repaymentStatusLabels,
  reportMessages,
  sydneyDate,
  transactionTypeLabels,
} from '@lm/domain';
import type { AppContext } from '../platform/context';
import type { Executor } from '../platform/db/database';
import type { ReportColumn, ReportDataset, ReportRow, ReportSubject, ReportSummaryLine } from './report-dataset';
import * as repo from './reports.repository';

/**
 * One dataset per report (investor-and-admin §2 "Reports"). Each reads its figures through
 * reports.repository.ts and only arranges them; the renderers make the files.
 */

export interface DatasetInput {
  definition: ReportDefinition;
  parameters: ReportParameters;
}

type DatasetBuilder = (ctx: AppContext, input: DatasetInput) => Promise<ReportDataset>;

/** Money as the database writes numeric(20,2): read straight into cents (the general parser for anything else). */
const twoPlaces = /^-?\d+\.\d\d$/;
const money = (value: string | null | undefined): Cents | null => {
  if (value == null) return null;
  return twoPlaces.test(value) ? BigInt(`${value.slice(0, -3)}${value.slice(-2)}`) : centsFromString(value);
};
const typeLabel = (type: string): string => transactionTypeLabels[type as keyof typeof transactionTypeLabels] ?? type;
const periodOf = (p: ReportParameters) => `${formatDate(p.startDate)} to ${formatDate(p.endDate)}`;

function fileNameOf(definition: ReportDefinition, ...parts: (string | number | undefined)[]): string {
  return [definition.fileName, ...parts.filter((p) => p !== undefined && p !== '')].join('-');
}

function investorName(h: repo.AccountHolderRow): string {
  return [h.firstName, h.middleName, h.lastName].filter(Boolean).join(' ');
}

function addressLines(h: repo.AccountHolderRow): string[] {
  const street = [h.addressStreetNumber, h.addressStreetName].filter(Boolean).join(' ');
  const town = [h.addressSuburb, h.addressState, h.addressPostcode].filter(Boolean).join(' ');
  return [street, town, h.addressCountry ?? ''].filter((line) => line.trim() !== '');
}

/** The account a statement is about, with its holders' names and addresses. */
async function accountSubject(db: Executor, accountId: number, period: string, now: Date) {
  const account = await repo.statementAccount(db, accountId);
  if (!account) throw new Error(`account ${accountId} vanished while its report was generated`);
  const holders = await repo.accountHolders(db, accountId);
  const subject: ReportSubject = {
    lenderName: productName,
    account: {
      id: account.id,
      name: account.name,
      billerCode: account.bpayBillerCode,
      reference: account.bpayReferenceNumber,
    },
    investors: holders.map((h) => ({ name: investorName(h), address: addressLines(h) })),
    period,
    generatedAt: now,
  };
  return { account, subject };
}

/** What a report differs in; datasetOf adds what every report has. */
interface DatasetParts {
  /** An account statement's own subject, or what a management report covers ("All Loans, 01/07/2026 to ..."). */
  subject: ReportSubject | string;
  summaryBefore?: ReportSummaryLine[];
  summaryAfter?: ReportSummaryLine[];
  columns: ReportColumn[];
  rowCount?: () => Promise<number>;
  rows: AsyncIterable<ReportRow>;
  /** What the file's name adds to the report's own: the account or loan, the dates. */
  fileNameParts: (string | number | undefined)[];
}

function datasetOf(
  ctx: AppContext,
  definition: ReportDefinition,
  parameters: ReportParameters,
  parts: DatasetParts,
): ReportDataset {
  const { subject, summaryBefore = [], summaryAfter = [], fileNameParts, ...table } = parts;
  return {
    definition,
    parameters,
    title: definition.label,
    subject:
      typeof subject === 'string'
        ? { lenderName: productName, period: subject, generatedAt: ctx.clock.now() }
        : subject,
    summaryBefore,
    summaryAfter,
    ...table,
    fileName: fileNameOf(definition, ...fileNameParts),
  };
}

const accountScope = (accountId: number | undefined) =>
  accountId === undefined ? 'All Accounts' : `Account ${accountId}`;
const loanScope = (loanId: number | undefined) => (loanId === undefined ? 'All Loans' : `Loan ${loanId}`);

async function* mapRows<R>(rows: AsyncIterable<R>, map: (row: R) => ReportRow): AsyncGenerator<ReportRow> {
  for await (const row of rows) yield map(row);
}

const transactionColumns: ReportColumn[] = [
  { key: 'date', header: 'Date', kind: 'date', width: 12 },
  { key: 'type', header: 'Type', kind: 'text', width: 22 },
  { key: 'loan', header: 'Loan', kind: 'text', width: 28 },
  { key: 'comment', header: 'Comment', kind: 'text', width: 28 },
  { key: 'principal', header: 'Principal', kind: 'money', width: 14, total: true },
  { key: 'interest', header: 'Interest', kind: 'money', width: 13, total: true },
  { key: 'fees', header: 'Fees', kind: 'money', width: 11, total: true },
  { key: 'tax', header: 'Tax Withheld', kind: 'money', width: 13, total: true },
  { key: 'amount', header: 'Amount', kind: 'money', width: 15, total: true },
  { key: 'balance', header: 'Balance', kind: 'money', width: 15 },
];

function loanLabel(loanId: number | null, loanName: string | null): string | null {
  return loanId === null ? null : `${loanId} ${loanName ?? ''}`.trim();
}

/** The cells of transactionColumns (but the comment) for one account row. */
function transactionCells(t: repo.StatementTransactionRow): ReportRow {
  return {
    date: t.finalisedDay,
    type: typeLabel(t.type),
    loan: loanLabel(t.loanId, t.loanName),
    principal: money(t.principalAmount),
    interest: money(t.interestAmount),
    fees: money(t.feesAmount),
    tax: money(t.taxWithheldAmount),
    amount: money(t.amount),
    balance: money(t.runningBalance),
  };
}

/** Account Transactions Statement: every finalised row of the account in the period, with opening and closing balances. */
const accountTransactionsStatement: DatasetBuilder = async (ctx, { definition, parameters }) => {
  const p = parameters as Required<Pick<ReportParameters, 'accountId' | 'startDate' | 'endDate'>> & ReportParameters;
  const { account, subject } = await accountSubject(ctx.db, p.accountId, periodOf(p), ctx.clock.now());
  const opening = await repo.balanceAtStartOf(ctx.db, account.ledgerAccountId, p.startDate);
  const closing = await repo.balanceAtEndOf(ctx.db, account.ledgerAccountId, p.endDate);
  return datasetOf(ctx, definition, parameters, {
    subject,
    summaryBefore: [{ label: 'Opening balance', kind: 'money', value: money(opening) }],
    summaryAfter: [{ label: 'Closing balance', kind: 'money', value: money(closing) }],
    columns: transactionColumns,
    rowCount: () => repo.countStatementTransactions(ctx.db, p.accountId, p.startDate, p.endDate, 'all'),
    rows: mapRows(repo.statementTransactions(ctx.db, p.accountId, p.startDate, p.endDate, 'all'), (t) => ({
      ...transactionCells(t),
      comment: t.investorComment,
    })),
    fileNameParts: [p.accountId, p.startDate, p.endDate],
  });
};

/**
 * Account Interest Statement: the rows that carry interest, fees or tax withheld. Interest is
 * signed as it moved the account: received on repayments, top-ups and sales; paid (negative) on
 * purchases and by the house account's top-ups. "Cash" is the row's amount, the ledger posting.
 */
const accountInterestStatement: DatasetBuilder = async (ctx, { definition, parameters }) => {
  const p = parameters as Required<Pick<ReportParameters, 'accountId' | 'startDate' | 'endDate'>> & ReportParameters;
  const { account, subject } = await accountSubject(ctx.db, p.accountId, periodOf(p), ctx.clock.now());
  return datasetOf(ctx, definition, parameters, {
    subject,
    summaryBefore: [
      { label: 'Foreign account (10% withholding)', kind: 'text', value: account.isForeign ? 'Yes' : 'No' },
    ],
    columns: [
      { key: 'date', header: 'Date', kind: 'date', width: 12 },
      { key: 'type', header: 'Type', kind: 'text', width: 20 },
      { key: 'loan', header: 'Loan', kind: 'text', width: 30 },
      { key: 'interest', header: 'Interest', kind: 'money', width: 14, total: true },
      { key: 'fees', header: 'Fees', kind: 'money', width: 12, total: true },
      { key: 'tax', header: 'Tax Withheld', kind: 'money', width: 14, total: true },
      { key: 'principal', header: 'Principal', kind: 'money', width: 14, total: true },
      { key: 'amount', header: 'Cash', kind: 'money', width: 14, total: true },
    ],
    rowCount: () => repo.countStatementTransactions(ctx.db, p.accountId, p.startDate, p.endDate, 'interest'),
    rows: mapRows(repo.statementTransactions(ctx.db, p.accountId, p.startDate, p.endDate, 'interest'), (t) => {
      const interest = centsFromString(t.interestAmount);
      const paidOut = centsFromString(t.amount) < 0n;
      return {
        date: t.finalisedDay,
        type: typeLabel(t.type),
        loan: loanLabel(t.loanId, t.loanName),
        interest: paidOut ? -interest : interest,
        fees: money(t.feesAmount),
        tax: money(t.taxWithheldAmount),
        principal: money(t.principalAmount),
        amount: money(t.amount),
      };
    }),
    fileNameParts: [p.accountId, p.startDate, p.endDate],
  });
};

/** Account Portfolio Report: the account's investments held at the date, with what each has repaid by then. */
const accountPortfolioReport: DatasetBuilder = async (ctx, { definition, parameters }) => {
  const p = parameters as Required<Pick<ReportParameters, 'accountId' | 'date'>> & ReportParameters;
  const { account, subject } = await accountSubject(
    ctx.db,
    p.accountId,
    `As at ${formatDate(p.date)}`,
    ctx.clock.now(),
  );
  const cash = await repo.balanceAtEndOf(ctx.db, account.ledgerAccountId, p.date);
  return datasetOf(ctx, definition, parameters, {
    subject,
    summaryBefore: [{ label: 'Cash balance', kind: 'money', value: money(cash) }],
    columns: [
      { key: 'investmentId', header: 'Investment', kind: 'integer', width: 11 },
      { key: 'loan', header: 'Loan', kind: 'text', width: 30 },
      { key: 'loanStatus', header: 'Loan Status', kind: 'text', width: 18 },
      { key: 'fundedDate', header: 'Funded', kind: 'date', width: 12 },
      { key: 'rate', header: 'Rate %', kind: 'rate', width: 9 },
      { key: 'invested', header: 'Invested', kind: 'money', width: 14, total: true },
      { key: 'principalRepaid', header: 'Principal Repaid', kind: 'money', width: 15, total: true },
      { key: 'writtenOff', header: 'Written Off', kind: 'money', width: 13, total: true },
      { key: 'outstanding', header: 'Outstanding', kind: 'money', width: 15, total: true },
      { key: 'interestRepaid', header: 'Interest Repaid', kind: 'money', width: 15, total: true },
    ],
    rows: mapRows(repo.portfolioInvestments(ctx.db, p.accountId, p.date), (i) => {
      const invested = centsFromString(i.investedAmount);
      const repaid = centsFromString(i.principalRepaid);
      const writtenOff = centsFromString(i.principalWrittenOff);
      return {
        investmentId: i.id,
        loan: loanLabel(i.loanId, i.loanName),
        loanStatus: loanStatusLabels[i.loanStatus as keyof typeof loanStatusLabels] ?? i.loanStatus,
        fundedDate: i.fundedDate ? sydneyDate(i.fundedDate) : null,
        rate: i.investmentInterestRate,
        invested,
        principalRepaid: repaid,
        writtenOff,
        outstanding: invested - repaid - writtenOff,
        interestRepaid: money(i.interestRepaid),
      };
    }),
    fileNameParts: [p.accountId, p.date],
  });
};

/** Investment Account Balance: each account's ledger cash balance at the end of the date. */
const investmentAccountBalance: DatasetBuilder = async (ctx, { definition, parameters }) => {
  const p = parameters as Required<Pick<ReportParameters, 'date'>> & ReportParameters;
  const scope = accountScope(p.accountId);
  return datasetOf(ctx, definition, parameters, {
    subject: `${scope}, as at ${formatDate(p.date)}`,
    columns: [
      { key: 'accountId', header: 'Account', kind: 'integer', width: 10 },
      { key: 'name', header: 'Account Name', kind: 'text', width: 36 },
      { key: 'group', header: 'Investor Group', kind: 'text', width: 26 },
      { key: 'foreign', header: 'Foreign', kind: 'text', width: 9 },
      { key: 'balance', header: 'Balance', kind: 'money', width: 16, total: true },
    ],
    rows: mapRows(repo.accountBalances(ctx.db, p.date, p.accountId), (a) => ({
      accountId: a.id,
      name: a.name,
      group: a.investmentGroupName,
      foreign: a.isForeign ? 'Yes' : 'No',
      balance: money(a.balance),
    })),
    fileNameParts: [p.accountId, p.date],
  });
};

const dayMs = 24 * 60 * 60_000;

/** Loans In Arrears: every repayment in arrears, with what is unpaid and how long past its due date. */
const loansInArrears: DatasetBuilder = async (ctx, { definition, parameters }) => {
  const today = sydneyDate(ctx.clock.now());
  const scope = loanScope(parameters.loanId);
  return datasetOf(ctx, definition, parameters, {
    subject: `${scope}, as at ${formatDate(today)}`,
    columns: [
      { key: 'loanId', header: 'Loan', kind: 'integer', width: 8 },
      { key: 'loanName', header: 'Loan Name', kind: 'text', width: 30 },
      { key: 'thirdPartyId', header: 'Third Party Id', kind: 'text', width: 15 },
      { key: 'client', header: 'Client', kind: 'text', width: 26 },
      { key: 'status', header: 'Repayment Status', kind: 'text', width: 16 },
      { key: 'dueDate', header: 'Due Date', kind: 'date', width: 12 },
      { key: 'daysOverdue', header: 'Days Overdue', kind: 'integer', width: 13 },
      { key: 'principalDue', header: 'Principal Due', kind: 'money', width: 15, total: true },
      { key: 'interestDue', header: 'Interest Due', kind: 'money', width: 14, total: true },
      { key: 'paid', header: 'Paid', kind: 'money', width: 14, total: true },
      { key: 'arrears', header: 'In Arrears', kind: 'money', width: 15, total: true },
    ],
    rows: mapRows(repo.arrearsRepayments(ctx.db, parameters.loanId), (r) => {
      const principalDue = centsFromString(r.principalDue);
      const interestDue = centsFromString(r.interestDue);
      const paid = centsFromString(r.principalPaid) + centsFromString(r.interestPaid);
      const days = Math.round((Date.parse(`${today}T00:00:00Z`) - Date.parse(`${r.dueDate}T00:00:00Z`)) / dayMs);
      return {
        loanId: r.loanId,
        loanName: r.loanName,
        thirdPartyId: r.thirdPartyId,
        client: r.clientName,
        status: repaymentStatusLabels.IN_ARREARS,
        dueDate: r.dueDate,
        daysOverdue: days,
        principalDue,
        interestDue,
        paid,
        arrears: principalDue + interestDue - paid,
      };
    }),
    fileNameParts: [parameters.loanId, today],
  });
};

/** The principal, interest, fees, tax withheld and cash that repayments paid, summed (by investment, by account). */
const splitColumns: ReportColumn[] = [
  { key: 'principal', header: 'Principal', kind: 'money', width: 14, total: true },
  { key: 'interest', header: 'Interest', kind: 'money', width: 14, total: true },
  { key: 'fees', header: 'Fees', kind: 'money', width: 11, total: true },
  { key: 'tax', header: 'Tax Withheld', kind: 'money', width: 13, total: true },
  { key: 'amount', header: 'Cash', kind: 'money', width: 14, total: true },
];

function splitCells(sums: {
  principal: string;
  interest: string;
  fees: string;
  tax: string;
  amount: string;
}): ReportRow {
  return {
    principal: money(sums.principal),
    interest: money(sums.interest),
    fees: money(sums.fees),
    tax: money(sums.tax),
    amount: money(sums.amount),
  };
}

/** Account Interest Statement by Investment: the period's repayments of the account, summed per investment. */
const accountInterestByInvestment: DatasetBuilder = async (ctx, { definition, parameters }) => {
  const p = parameters as Required<Pick<ReportParameters, 'accountId' | 'startDate' | 'endDate'>> & ReportParameters;
  const { subject } = await accountSubject(ctx.db, p.accountId, periodOf(p), ctx.clock.now());
  return datasetOf(ctx, definition, parameters, {
    subject,
    columns: [
      { key: 'investmentId', header: 'Investment', kind: 'integer', width: 11 },
      { key: 'loan', header: 'Loan', kind: 'text', width: 30 },
      { key: 'rate', header: 'Rate %', kind: 'rate', width: 9 },
      ...splitColumns,
    ],
    rows: mapRows(repo.interestByInvestment(ctx.db, p.accountId, p.startDate, p.endDate), (r) => ({
      investmentId: r.investmentId,
      loan: loanLabel(r.loanId, r.loanName),
      rate: r.investmentInterestRate,
      ...splitCells(r),
    })),
    fileNameParts: [p.accountId, p.startDate, p.endDate],
  });
};

/** Investment Account Transactions: every account's (or one account's) finalised rows in the period. */
const investmentAccountTransactions: DatasetBuilder = async (ctx, { definition, parameters }) => {
  const p = parameters as Required<Pick<ReportParameters, 'startDate' | 'endDate'>> & ReportParameters;
  const scope = accountScope(p.accountId);
  return datasetOf(ctx, definition, parameters, {
    subject: `${scope}, ${periodOf(p)}`,
    columns: [
      { key: 'date', header: 'Date', kind: 'date', width: 12 },
      { key: 'transactionId', header: 'Transaction', kind: 'integer', width: 12 },
      { key: 'account', header: 'Account', kind: 'text', width: 28 },
      ...transactionColumns.filter((c) => c.key !== 'date' && c.key !== 'comment'),
    ],
    rowCount: () => repo.countStatementTransactions(ctx.db, p.accountId, p.startDate, p.endDate, 'all'),
    rows: mapRows(repo.statementTransactions(ctx.db, p.accountId, p.startDate, p.endDate, 'all'), (t) => ({
      ...transactionCells(t),
      transactionId: t.id,
      account: `${t.investmentAccountId} ${t.accountName}`,
    })),
    fileNameParts: [p.accountId, p.startDate, p.endDate],
  });
};

/** Loan Investment Summary: each loan's investments, who holds them and what they have repaid. */
const loanInvestmentSummary: DatasetBuilder = async (ctx, { definition, parameters }) => {
  const scope = loanScope(parameters.loanId);
  const today = sydneyDate(ctx.clock.now());
  return datasetOf(ctx, definition, parameters, {
    subject: `${scope}, as at ${formatDate(today)}`,
    columns: [
      { key: 'loan', header: 'Loan', kind: 'text', width: 28 },
      { key: 'loanStatus', header: 'Loan Status', kind: 'text', width: 17 },
      { key: 'investmentId', header: 'Investment', kind: 'integer', width: 11 },
      { key: 'account', header: 'Account', kind: 'text', width: 28 },
      { key: 'rate', header: 'Rate %', kind: 'rate', width: 9 },
      { key: 'finalised', header: 'Finalised', kind: 'date', width: 12 },
      { key: 'sold', header: 'Sold', kind: 'date', width: 12 },
      { key: 'invested', header: 'Invested', kind: 'money', width: 14, total: true },
      { key: 'principalRepaid', header: 'Principal Repaid', kind: 'money', width: 15, total: true },
      { key: 'writtenOff', header: 'Written Off', kind: 'money', width: 13, total: true },
      { key: 'interestRepaid', header: 'Interest Repaid', kind: 'money', width: 15, total: true },
    ],
    rows: mapRows(repo.loanInvestments(ctx.db, parameters.loanId), (i) => ({
      loan: loanLabel(i.loanId, i.loanName),
      loanStatus: loanStatusLabels[i.loanStatus as keyof typeof loanStatusLabels] ?? i.loanStatus,
      investmentId: i.id,
      account: `${i.investmentAccountId} ${i.accountName}`,
      rate: i.investmentInterestRate,
      finalised: i.finalisedDate ? sydneyDate(i.finalisedDate) : null,
      sold: i.saleDate ? sydneyDate(i.saleDate) : null,
      invested: money(i.investedAmount),
      principalRepaid: money(i.principalRepaid),
      writtenOff: money(i.principalWrittenOff),
      interestRepaid: money(i.interestRepaid),
    })),
    fileNameParts: [parameters.loanId, today],
  });
};

/** Loans Receipt Overflow: receipts that paid more than their repayment in the period, and what became of the excess. */
const loansReceiptOverflow: DatasetBuilder = async (ctx, { definition, parameters }) => {
  const p = parameters as Required<Pick<ReportParameters, 'startDate' | 'endDate'>> & ReportParameters;
  return datasetOf(ctx, definition, parameters, {
    subject: periodOf(p),
    columns: [
      { key: 'loan', header: 'Loan', kind: 'text', width: 28 },
      { key: 'thirdPartyId', header: 'Third Party Id', kind: 'text', width: 15 },
      { key: 'receiptId', header: 'Receipt', kind: 'text', width: 14 },
      { key: 'receiptDate', header: 'Receipt Date', kind: 'date', width: 13 },
      { key: 'batch', header: 'Batch', kind: 'text', width: 10 },
      { key: 'net', header: 'Net Amount', kind: 'money', width: 14, total: true },
      { key: 'gross', header: 'Gross Amount', kind: 'money', width: 14, total: true },
      { key: 'excess', header: 'Excess', kind: 'money', width: 13, total: true },
      { key: 'handling', header: 'Excess Handling', kind: 'text', width: 15 },
      { key: 'handled', header: 'Handled', kind: 'date', width: 12 },
    ],
    rows: mapRows(repo.receiptOverflows(ctx.db, p.startDate, p.endDate), (r) => ({
      loan: loanLabel(r.loanId, r.loanName),
      thirdPartyId: r.thirdPartyId,
      receiptId: r.receiptId,
      receiptDate: r.receiptDate ? r.receiptDate.slice(0, 10) : null,
      batch: r.batchNumber,
      net: money(r.netAmount),
      gross: money(r.grossAmount),
      excess: money(r.excessAmount),
      handling: r.excessHandling === null ? 'Not handled' : r.excessHandling === 'APPLIED' ? 'Applied' : 'Returned',
      handled: r.excessHandledDate ? sydneyDate(r.excessHandledDate) : null,
    })),
    fileNameParts: [p.startDate, p.endDate],
  });
};

/** Investor Distribution: what repayments paid each account in the period (of every loan, or one). */
const investorDistribution: DatasetBuilder = async (ctx, { definition, parameters }) => {
  const p = parameters as Required<Pick<ReportParameters, 'startDate' | 'endDate'>> & ReportParameters;
  const scope = loanScope(p.loanId);
  return datasetOf(ctx, definition, parameters, {
    subject: `${scope}, ${periodOf(p)}`,
    columns: [
      { key: 'accountId', header: 'Account', kind: 'integer', width: 10 },
      { key: 'name', header: 'Account Name', kind: 'text', width: 32 },
      { key: 'foreign', header: 'Foreign', kind: 'text', width: 9 },
      { key: 'repayments', header: 'Repayments', kind: 'integer', width: 11 },
      ...splitColumns,
    ],
    rows: mapRows(repo.distributions(ctx.db, p.startDate, p.endDate, p.loanId), (d) => ({
      accountId: d.investmentAccountId,
      name: d.accountName,
      foreign: d.isForeign ? 'Yes' : 'No',
      repayments: d.repayments,
      ...splitCells(d),
    })),
    fileNameParts: [p.loanId, p.startDate, p.endDate],
  });
};

/** Loan Funding: the investments made in the period (in every loan, or one), pending, finalised or reversed. */
const loanFunding: DatasetBuilder = async (ctx, { definition, parameters }) => {
  const p = parameters as Required<Pick<ReportParameters, 'startDate' | 'endDate'>> & ReportParameters;
  const scope = loanScope(p.loanId);
  return datasetOf(ctx, definition, parameters, {
    subject: `${scope}, ${periodOf(p)}`,
    columns: [
      { key: 'loan', header: 'Loan', kind: 'text', width: 28 },
      { key: 'loanAmount', header: 'Loan Amount', kind: 'money', width: 14 },
      { key: 'investmentId', header: 'Investment', kind: 'integer', width: 11 },
      { key: 'account', header: 'Account', kind: 'text', width: 28 },
      { key: 'rate', header: 'Rate %', kind: 'rate', width: 9 },
      { key: 'invested', header: 'Invested', kind: 'money', width: 14, total: true },
      { key: 'made', header: 'Made', kind: 'date', width: 12 },
      { key: 'status', header: 'Status', kind: 'text', width: 11 },
    ],
    rows: mapRows(repo.fundings(ctx.db, p.startDate, p.endDate, p.loanId), (f) => ({
      loan: loanLabel(f.loanId, f.loanName),
      loanAmount: money(f.loanAmount),
      investmentId: f.id,
      account: `${f.investmentAccountId} ${f.accountName}`,
      rate: f.investmentInterestRate,
      // a reversed investment moved nothing: listed, but not in the total
      invested: f.reversedDate ? null : money(f.investedAmount),
      made: sydneyDate(f.creationDate),
      status: f.reversedDate ? 'Reversed' : f.finalisedDate ? 'Finalised' : 'Pending',
    })),
    fileNameParts: [p.loanId, p.startDate, p.endDate],
  });
};

/**
 * Account Portfolio Summary Report: the account's holdings at the date summed by loan status, with
 * its cash balance and the total of cash and principal outstanding.
 */
const accountPortfolioSummary: DatasetBuilder = async (ctx, { definition, parameters }) => {
  const p = parameters as Required<Pick<ReportParameters, 'accountId' | 'date'>> & ReportParameters;
  const { account, subject } = await accountSubject(
    ctx.db,
    p.accountId,
    `As at ${formatDate(p.date)}`,
    ctx.clock.now(),
  );
  const cash = centsFromString(await repo.balanceAtEndOf(ctx.db, account.ledgerAccountId, p.date));
  const groups = new Map<string, { count: number; invested: Cents; outstanding: Cents; interest: Cents }>();
  for await (const i of repo.portfolioInvestments(ctx.db, p.accountId, p.date)) {
    const status = loanStatusLabels[i.loanStatus as keyof typeof loanStatusLabels] ?? i.loanStatus;
    const group = groups.get(status) ?? { count: 0, invested: 0n, outstanding: 0n, interest: 0n };
    const invested = centsFromString(i.investedAmount);
    group.count += 1;
    group.invested += invested;
    group.outstanding += invested - centsFromString(i.principalRepaid) - centsFromString(i.principalWrittenOff);
    group.interest += centsFromString(i.interestRepaid);
    groups.set(status, group);
  }
  const outstanding = [...groups.values()].reduce((sum, g) => sum + g.outstanding, 0n);
  async function* rows() {
    for (const [status, g] of groups) {
      yield {
        status,
        count: g.count,
        invested: g.invested,
        outstanding: g.outstanding,
        interest: g.interest,
      } satisfies ReportRow;
    }
  }
  return datasetOf(ctx, definition, parameters, {
    subject,
    summaryBefore: [{ label: 'Cash balance', kind: 'money', value: cash }],
    summaryAfter: [{ label: 'Cash and principal outstanding', kind: 'money', value: cash + outstanding }],
    columns: [
      { key: 'status', header: 'Loan Status', kind: 'text', width: 24 },
      { key: 'count', header: 'Investments', kind: 'integer', width: 12 },
      { key: 'invested', header: 'Invested', kind: 'money', width: 16, total: true },
      { key: 'outstanding', header: 'Principal Outstanding', kind: 'money', width: 20, total: true },
      { key: 'interest', header: 'Interest Repaid', kind: 'money', width: 16, total: true },
    ],
    rows: rows(),
    fileNameParts: [p.accountId, p.date],
  });
};

/** Investment Summary: per account, the investments held at the date and what they had repaid by then. */
const investmentSummary: DatasetBuilder = async (ctx, { definition, parameters }) => {
  const p = parameters as Required<Pick<ReportParameters, 'date'>> & ReportParameters;
  const scope = accountScope(p.accountId);
  return datasetOf(ctx, definition, parameters, {
    subject: `${scope}, as at ${formatDate(p.date)}`,
    columns: [
      { key: 'accountId', header: 'Account', kind: 'integer', width: 10 },
      { key: 'name', header: 'Account Name', kind: 'text', width: 34 },
      { key: 'investments', header: 'Investments', kind: 'integer', width: 12 },
      { key: 'invested', header: 'Invested', kind: 'money', width: 15, total: true },
      { key: 'principalRepaid', header: 'Principal Repaid', kind: 'money', width: 16, total: true },
      { key: 'writtenOff', header: 'Written Off', kind: 'money', width: 13, total: true },
      { key: 'outstanding', header: 'Outstanding', kind: 'money', width: 15, total: true },
      { key: 'interestRepaid', header: 'Interest Repaid', kind: 'money', width: 15, total: true },
    ],
    rows: mapRows(repo.accountHoldings(ctx.db, p.date, p.accountId), (a) => {
      const invested = centsFromString(a.invested);
      const repaid = centsFromString(a.principalRepaid);
      const writtenOff = centsFromString(a.principalWrittenOff);
      return {
        accountId: a.id,
        name: a.name,
        investments: a.investments,
        invested,
        principalRepaid: repaid,
        writtenOff,
        outstanding: invested - repaid - writtenOff,
        interestRepaid: money(a.interestRepaid),
      };
    }),
    fileNameParts: [p.accountId, p.date],
  });
};

/**
 * Interest TopUp Reconciliation: every interest top-up row of the period (the house account pays
 * mandate accounts the interest above a loan's base rate), so its total can be set against the
 * house account's cash.
 */
const interestTopUpReconciliation: DatasetBuilder = async (ctx, { definition, parameters }) => {
  const p = parameters as Required<Pick<ReportParameters, 'startDate' | 'endDate'>> & ReportParameters;
  const scope = loanScope(p.loanId);
  return datasetOf(ctx, definition, parameters, {
    subject: `${scope}, ${periodOf(p)}`,
    columns: [
      { key: 'date', header: 'Date', kind: 'date', width: 12 },
      { key: 'transactionId', header: 'Transaction', kind: 'integer', width: 12 },
      { key: 'type', header: 'Type', kind: 'text', width: 24 },
      { key: 'loan', header: 'Loan', kind: 'text', width: 28 },
      { key: 'account', header: 'Account', kind: 'text', width: 28 },
      { key: 'counterpart', header: 'Counterpart', kind: 'text', width: 28 },
      { key: 'interest', header: 'Top-up Interest', kind: 'money', width: 15, total: true },
      { key: 'amount', header: 'Cash', kind: 'money', width: 14, total: true },
    ],
    rows: mapRows(repo.topUps(ctx.db, p.startDate, p.endDate, p.loanId), (r) => ({
      date: sydneyDate(r.finalisedDate),
      transactionId: r.id,
      type: typeLabel(r.type),
      loan: loanLabel(r.loanId, r.loanName),
      account: `${r.investmentAccountId} ${r.accountName}`,
      counterpart:
        r.counterpartAccountId === null ? null : `${r.counterpartAccountId} ${r.counterpartName ?? ''}`.trim(),
      interest: money(r.interestAmount),
      amount: money(r.amount),
    })),
    fileNameParts: [p.loanId, p.startDate, p.endDate],
  });
};

/**
 * Warehouse Funding: what the lender's own money (house account 555) had in each loan at the date,
 * and what of it was outstanding; docs/decisions/009-reports.md records this reading.
 */
const warehouseFunding: DatasetBuilder = async (ctx, { definition, parameters }) => {
  const p = parameters as Required<Pick<ReportParameters, 'date'>> & ReportParameters;
  const house = await repo.statementAccount(ctx.db, houseAccountId);
  const cash = house ? centsFromString(await repo.balanceAtEndOf(ctx.db, house.ledgerAccountId, p.date)) : 0n;
  return datasetOf(ctx, definition, parameters, {
    subject: `House account ${houseAccountId}, as at ${formatDate(p.date)}`,
    summaryBefore: [{ label: 'House account cash', kind: 'money', value: cash }],
    columns: [
      { key: 'loan', header: 'Loan', kind: 'text', width: 30 },
      { key: 'loanStatus', header: 'Loan Status', kind: 'text', width: 18 },
      { key: 'investmentId', header: 'Investment', kind: 'integer', width: 11 },
      { key: 'rate', header: 'Rate %', kind: 'rate', width: 9 },
      { key: 'invested', header: 'Invested', kind: 'money', width: 14, total: true },
      { key: 'outstanding', header: 'Outstanding', kind: 'money', width: 15, total: true },
      { key: 'interestRepaid', header: 'Interest Repaid', kind: 'money', width: 15, total: true },
    ],
    rows: mapRows(repo.portfolioInvestments(ctx.db, houseAccountId, p.date), (i) => {
      const invested = centsFromString(i.investedAmount);
      return {
        loan: loanLabel(i.loanId, i.loanName),
        loanStatus: loanStatusLabels[i.loanStatus as keyof typeof loanStatusLabels] ?? i.loanStatus,
        investmentId: i.id,
        rate: i.investmentInterestRate,
        invested,
        outstanding: invested - centsFromString(i.principalRepaid) - centsFromString(i.principalWrittenOff),
        interestRepaid: money(i.interestRepaid),
      };
    }),
    fileNameParts: [p.date],
  });
};

/**
 * The lines of one account row: its principal, interest, fees and tax withheld, signed as they
 * moved the account's cash, when they add up to the row's amount (repayments, investments,
 * top-ups, commission, sales and purchases); otherwise the amount alone (deposits, withdrawals,
 * transfers; a write-off moves no cash, so its one line is 0).
 */
export function splitLines(t: repo.StatementTransactionRow): { component: string; amount: Cents }[] {
  const amount = centsFromString(t.amount);
  const sign = amount < 0n ? -1n : 1n;
  const lines = [
    { component: 'Principal', amount: sign * centsFromString(t.principalAmount) },
    { component: 'Interest', amount: sign * centsFromString(t.interestAmount) },
    { component: 'Fees', amount: -centsFromString(t.feesAmount) },
    { component: 'Tax Withheld', amount: -centsFromString(t.taxWithheldAmount) },
  ].filter((line) => line.amount !== 0n);
  const sum = lines.reduce((total, line) => total + line.amount, 0n);
  return lines.length > 0 && sum === amount ? lines : [{ component: 'Cash', amount }];
}

/** Account Split Transactions Statement: each row of the period split into its principal, interest, fee and tax lines. */
const accountSplitTransactionsStatement: DatasetBuilder = async (ctx, { definition, parameters }) => {
  const p = parameters as Required<Pick<ReportParameters, 'accountId' | 'startDate' | 'endDate'>> & ReportParameters;
  const { account, subject } = await accountSubject(ctx.db, p.accountId, periodOf(p), ctx.clock.now());
  const opening = await repo.balanceAtStartOf(ctx.db, account.ledgerAccountId, p.startDate);
  const closing = await repo.balanceAtEndOf(ctx.db, account.ledgerAccountId, p.endDate);
  async function* rows(): AsyncGenerator<ReportRow> {
    for await (const t of repo.statementTransactions(ctx.db, p.accountId, p.startDate, p.endDate, 'all')) {
      for (const line of splitLines(t)) {
        yield {
          date: t.finalisedDay,
          transactionId: t.id,
          type: typeLabel(t.type),
          loan: loanLabel(t.loanId, t.loanName),
          component: line.component,
          amount: line.amount,
        };
      }
    }
  }
  return datasetOf(ctx, definition, parameters, {
    subject,
    summaryBefore: [{ label: 'Opening balance', kind: 'money', value: money(opening) }],
    summaryAfter: [{ label: 'Closing balance', kind: 'money', value: money(closing) }],
    columns: [
      { key: 'date', header: 'Date', kind: 'date', width: 12 },
      { key: 'transactionId', header: 'Transaction', kind: 'integer', width: 12 },
      { key: 'type', header: 'Type', kind: 'text', width: 22 },
      { key: 'loan', header: 'Loan', kind: 'text', width: 30 },
      { key: 'component', header: 'Component', kind: 'text', width: 14 },
      { key: 'amount', header: 'Amount', kind: 'money', width: 15, total: true },
    ],
    rowCount: () => repo.countSplitLines(ctx.db, p.accountId, p.startDate, p.endDate),
    rows: rows(),
    fileNameParts: [p.accountId, p.startDate, p.endDate],
  });
};

/**
 * Account Tax Statement: for a closed financial year (1 July to 30 June), the account's interest
 * received and paid, fees, withholding tax and principal returned, from its rows of the year
 * summed by type (reversals deducted), with the ledger's opening and closing balances.
 */
const accountTaxStatement: DatasetBuilder = async (ctx, { definition, parameters }) => {
  const p = parameters as Required<Pick<ReportParameters, 'accountId' | 'financialYear'>> & ReportParameters;
  const { startDate, endDate } = financialYearPeriod(p.financialYear);
  if (endDate >= sydneyDate(ctx.clock.now())) throw new AppError('RULE_REFUSED', reportMessages.financialYearOpen);
  const period = `Financial year ${formatDate(startDate)} to ${formatDate(endDate)}`;
  const { account, subject } = await accountSubject(ctx.db, p.accountId, period, ctx.clock.now());
  const opening = await repo.balanceAtStartOf(ctx.db, account.ledgerAccountId, startDate);
  const closing = await repo.balanceAtEndOf(ctx.db, account.ledgerAccountId, endDate);
  const sums = new Map((await repo.sumsByType(ctx.db, p.accountId, startDate, endDate)).map((r) => [r.type, r]));
  const net = (type: string, field: 'principal' | 'interest' | 'fees' | 'tax'): Cents => {
    const value = (t: string) => centsFromString(sums.get(t)?.[field] ?? '0');
    return value(type) - value(`${type}_REVERSAL`);
  };
  const all = (field: 'fees' | 'tax'): Cents =>
    [...sums.values()].reduce(
      (sum, r) => sum + (r.type.endsWith('_REVERSAL') ? -1n : 1n) * centsFromString(r[field]),
      0n,
    );
  const interestLines: [string, Cents][] = [
    ['Interest received on repayments', net('REPAYMENT', 'interest')],
    ['Interest top-ups', net('INTEREST_TOP_UP', 'interest')],
    ['Accrued interest received on sales', net('SALE', 'interest')],
    ['Accrued interest paid on purchases', net('PURCHASE', 'interest')],
    ['Commission', net('COMMISSION', 'interest')],
  ];
  const interestTotal = interestLines.reduce((sum, [, value]) => sum + value, 0n);
  const lines: [string, Cents][] = [
    ...interestLines,
    ['Total interest', interestTotal],
    ['Fees', -all('fees')],
    [account.isForeign ? 'Withholding tax (10%, foreign account)' : 'Withholding tax', -all('tax')],
    ['Principal returned on repayments', net('REPAYMENT', 'principal')],
    ['Principal returned on sales', net('SALE', 'principal')],
    ['Principal written off', net('WRITE_OFF', 'principal')],
  ];
  async function* rows(): AsyncGenerator<ReportRow> {
    for (const [item, amount] of lines) yield { item, amount };
  }
  return datasetOf(ctx, definition, parameters, {
    subject,
    summaryBefore: [{ label: `Opening balance ${formatDate(startDate)}`, kind: 'money', value: money(opening) }],
    summaryAfter: [{ label: `Closing balance ${formatDate(endDate)}`, kind: 'money', value: money(closing) }],
    columns: [
      { key: 'item', header: 'Item', kind: 'text', width: 50 },
      { key: 'amount', header: 'Amount', kind: 'money', width: 18 },
    ],
    rows: rows(),
    fileNameParts: [p.accountId, `FY${p.financialYear}`],
  });
};

/** The datasets this release generates; the registry's `available` flag says the same. */
export const reportDatasets: Partial<Record<ReportId, DatasetBuilder>> = {
  'account-transactions-statement': accountTransactionsStatement,
  'account-interest-statement': accountInterestStatement,
  'account-portfolio-report': accountPortfolioReport,
  'investment-account-balance': investmentAccountBalance,
  'loans-in-arrears': loansInArrears,
  'account-interest-by-investment': accountInterestByInvestment,
  'investment-account-transactions': investmentAccountTransactions,
  'loan-investment-summary': loanInvestmentSummary,
  'loans-receipt-overflow': loansReceiptOverflow,
  'investor-distribution': investorDistribution,
  'loan-funding': loanFunding,
  'account-portfolio-summary': accountPortfolioSummary,
  'investment-summary': investmentSummary,
  'interest-topup-reconciliation': interestTopUpReconciliation,
  'warehouse-funding': warehouseFunding,
  'account-split-transactions-statement': accountSplitTransactionsStatement,
  'account-tax-statement': accountTaxStatement,
};

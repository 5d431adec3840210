import {
  AppError,
  addDays,
  type Cents,
  centsFromString,
  centsToNumber,
  createLoanBody,
  Decimal,
  houseAccountId,
  industryTypes,
  Role,
  sydneyDate,
} from '@lm/domain';
import { createInvestmentAccount, depositFunds } from '../accounts';
import { createClient } from '../clients';
import { autoInvest, deployLoan, type InvestRequest, investInLoan, investOnePercent } from '../investments';
import { confirmPayout, createLoan, runArrearsCheck, writeOffLoan } from '../loans';
import { systemAudit } from '../platform/audit/audit';
import type { Actor } from '../platform/auth/tokens';
import { Clock } from '../platform/clock';
import type { AppContext } from '../platform/context';
import { fractionaliseRepayments, publishReceipts } from '../repayments';
import * as seedRepo from './seed.repository';

/**
 * The demo book's clients and loans (about 10 clients and 30 loans across the statuses the
 * product's services reach), funded by the house account 555, two wholesale mandate accounts and
 * the demo investors' accounts, all through the same services the API uses. A loan's past is
 * played at its own dates: each step runs with a clock set to the day it happened, so creation,
 * investment, deployment, receipts and fractionalising carry consistent dates, and today's arrears
 * check leaves the loans whose borrowers stopped paying in arrears.
 *
 * Rescheduled and Sold are loan statuses no feature of the product produces yet, so no demo loan
 * has them; Deployed lasts only within the deploy (the borrower is paid then, so the loan is Active
 * at once); Deleted loans are never shown.
 */

const audit = systemAudit('seed');

const clientNames = [
  'Harbour Street Bakery Pty Ltd',
  'Blue Gum Logistics Pty Ltd',
  'Coastal Dental Group Pty Ltd',
  'Red Centre Mining Services Pty Ltd',
  'Southern Vines Wholesale Pty Ltd',
  'Kookaburra Childcare Pty Ltd',
  'Parramatta Print Works Pty Ltd',
  'Tasman Marine Engineering Pty Ltd',
  'Outback Agri Supplies Pty Ltd',
  'Eastside Physiotherapy Pty Ltd',
] as const;

const states = ['NSW', 'VIC', 'QLD', 'WA', 'SA', 'TAS', 'ACT', 'NT'] as const;

interface DemoLoan {
  name: string;
  client: number;
  amount: number;
  baseRate: number;
  marketplaceRate: number;
  months: number;
  /** Days from today the loan was created (negative: in the past). */
  createdOn: number;
  /** Marketplace window, days from today. */
  window: [number, number];
  setupDone?: boolean;
  marketplaceStatus?: 'HIDDEN' | 'VISIBLE' | 'LOCKED';
  interestType?: 'IN_ARREARS' | 'IN_ADVANCE';
  /** Days from today of the disbursement (and the first repayment a month later). */
  disbursedOn: number;
}

/** A level-payment schedule: monthly, the last repayment takes the rounding so principal sums to the amount. */
function levelSchedule(amount: number, ratePercent: number, months: number, firstDue: string) {
  const principal = new Decimal(amount);
  const i = new Decimal(ratePercent).dividedBy(1200);
  const payment = i.isZero()
    ? principal.dividedBy(months)
    : principal.times(i).dividedBy(new Decimal(1).minus(i.plus(1).pow(-months)));
  let balance = principal;
  const rows = [];
  for (let k = 0; k < months; k++) {
    const interest = balance.times(i).toDecimalPlaces(2, Decimal.ROUND_HALF_UP);
    let principalDue = payment.minus(interest).toDecimalPlaces(2, Decimal.ROUND_HALF_UP);
    if (k === months - 1) principalDue = balance;
    balance = balance.minus(principalDue);
    const due = new Date(`${firstDue}T00:00:00Z`);
    due.setUTCMonth(due.getUTCMonth() + k);
    rows.push({
      dueDate: due.toISOString().slice(0, 10),
      principalDue: principalDue.toNumber(),
      interestDue: interest.toNumber(),
    });
  }
  return rows;
}

/** The context with the clock at noon (Sydney) of a day relative to today. */
function on(ctx: AppContext, today: string, days: number): AppContext {
  return { ...ctx, clock: new Clock(`${addDays(today, days)}T12:00:00+10:00`) };
}

async function createDemoLoan(ctx: AppContext, today: string, spec: DemoLoan, index: number, topUps: number[]) {
  const at = on(ctx, today, spec.createdOn);
  const disbursementDate = addDays(today, spec.disbursedOn);
  const firstDue = addDays(disbursementDate, 30);
  const body = createLoanBody.parse({
    loan: {
      name: spec.name,
      thirdPartyId: `DEMO-${String(index + 1).padStart(4, '0')}`,
      amount: spec.amount,
      baseInterestRate: spec.baseRate,
      marketplaceRate: spec.marketplaceRate,
      gracePeriodDays: 10,
      interestType: spec.interestType ?? 'IN_ARREARS',
      interestCalculationMethod: 'LEVEL_PAYMENT',
      term: spec.months,
      termPeriod: 1,
      termPeriodUnit: 'MONTHS',
      marketplaceStartDate: addDays(today, spec.window[0]),
      marketplaceExpiryDate: addDays(today, spec.window[1]),
      disbursementDate,
      setupStatus: spec.setupDone === false ? 'INITIAL' : 'DONE',
      ...(spec.marketplaceStatus ? { marketplaceStatus: spec.marketplaceStatus } : {}),
      notes: 'Demo loan',
      loanDetails: {
        industryType: industryTypes[index % industryTypes.length],
        companyState: states[index % states.length],
        loanPurpose: 'Working capital and equipment',
        securityType: index % 2 === 0 ? 'GENERAL' : 'SPECIFIC_SECURITY_AGREEMENT',
        loanStory: `${clientNames[spec.client]} has traded for ${3 + (index % 9)} years and is expanding.`,
      },
    },
    repayments: levelSchedule(spec.amount, spec.baseRate, spec.months, firstDue),
    investmentTopups: topUps.map((id) => ({ investmentAccountId: id, mandateRate: spec.baseRate + 1, isActive: true })),
    clientDetails: { name: clientNames[spec.client] },
  });
  const created = await createLoan(at, body, audit);
  return created.id as number;
}

async function invest(ctx: AppContext, loanId: number, accountId: number, amount: number, rate: number | null) {
  const request: InvestRequest = {
    investmentAccountId: accountId,
    amountCents: BigInt(Math.round(amount * 100)),
    mode: rate === null ? { kind: 'INVESTOR', investorKind: 'MAIN' } : { kind: 'MANAGEMENT', rate },
    createdBy: null,
  };
  await investInLoan(ctx, loanId, request, audit);
}

/** A rule refusal (nothing to do) is expected while filling a loan; anything else is a real failure. */
function ignoreRefusal(error: unknown): void {
  if (error instanceof AppError && error.code === 'RULE_REFUSED') return;
  throw error;
}

/** Fills what is left of a loan: the house 1%, then the mandate accounts (auto invest), then the house for the rest. */
async function fill(ctx: AppContext, loanId: number, rate: number) {
  await investOnePercent(ctx, loanId, null, audit).catch(ignoreRefusal);
  await autoInvest(ctx, loanId, null, null, audit).catch(ignoreRefusal);
  const loan = await seedRepo.loanFunding(ctx.db, loanId);
  const left = centsFromString(loan.amount) - centsFromString(loan.fundedAmount);
  if (left > 0n) await invest(ctx, loanId, houseAccountId, centsToNumber(left), rate);
}

/** Pays the repayments due up to `untilDays` (days from today), each on its due date: receipt published, then fractionalised. */
async function payRepayments(ctx: AppContext, today: string, loanId: number, untilDays: number, skipFrom?: number) {
  const repayments = await seedRepo.openRepaymentsOf(ctx.db, loanId);
  let paid = 0;
  for (const r of repayments) {
    if (r.dueDate > addDays(today, untilDays)) break;
    if (skipFrom !== undefined && paid >= skipFrom) break;
    const days = Math.round((Date.parse(r.dueDate) - Date.parse(today)) / 86_400_000);
    const at = on(ctx, today, days);
    const amount: Cents = centsFromString(r.principalDue) + centsFromString(r.interestDue);
    const published = await publishReceipts(
      at,
      [
        {
          loanId,
          thirdPartyId: `DEMO-RCPT-${loanId}-${r.dueDate}`,
          thirdPartyLoanId: null,
          dueDate: r.dueDate,
          netAmount: amount,
          grossAmount: amount,
          batchNumber: `DEMO-${r.dueDate}`,
        },
      ],
      null,
      audit,
    );
    await fractionaliseRepayments(
      at,
      published.receipts.map((p) => p.loanTransactionId),
      null,
      audit,
    );
    paid += 1;
  }
}

export async function seedDemoLoans(ctx: AppContext): Promise<number[]> {
  const today = sydneyDate(ctx.clock.now());
  const admin = await seedRepo.userByEmail(ctx.db, 'admin@example.com');
  if (!admin) throw new Error('The demo loans need the demo users: seed them first.');
  const adminActor: Actor = { userId: admin.id, role: Role.MANAGEMENT, email: admin.email };
  const ivy = await seedRepo.accountsByNames(ctx.db, ['Ivy Investor', 'Ivy Investor (Offshore)', 'Reid Readonly']);
  const accountOf = (name: string) => ivy.find((a) => a.name === name)?.id;

  // the lender's own money and two wholesale mandate funds, a year back
  const yearAgo = on(ctx, today, -400);
  const mandates: number[] = [];
  for (const [name, rate] of [
    ['Harbourside Wholesale Mandate', '14'],
    ['Southern Cross Private Credit Mandate', '13.5'],
  ] as const) {
    const id = await ctx.db
      .transaction()
      .execute((trx) =>
        createInvestmentAccount(
          trx,
          { name, mandateRate: rate, mandateMaxExposure: '150000.00', mandateMaxTerm: 3, mandateMaxTermUnit: 'YEARS' },
          audit,
          yearAgo.clock.now(),
        ),
      );
    mandates.push(id);
  }
  const fund = (accountId: number, amount: number) =>
    depositFunds(
      yearAgo,
      adminActor,
      accountId,
      {
        amount,
        comment: 'Demo funding',
        investorComment: 'Opening balance',
        depositDate: sydneyDate(yearAgo.clock.now()),
      },
      audit,
    );
  await fund(houseAccountId, 2_000_000);
  for (const id of mandates) await fund(id, 600_000);
  for (const name of clientNames.slice(8)) await createClient(on(ctx, today, -380), name, audit);

  const ids: number[] = [];
  let index = 0;
  const add = async (spec: DemoLoan, topUps: number[] = []) => {
    const id = await createDemoLoan(ctx, today, spec, index, topUps);
    index += 1;
    ids.push(id);
    return id;
  };
  const base = { baseRate: 12.5, marketplaceRate: 10.5 };

  // loans with a past: funded, deployed, repaid on their dates
  const history: { id: number; fundedOn: number; disbursedOn: number; skipFrom?: number }[] = [];
  for (const [n, spec] of [
    {
      name: 'Bakery fit-out',
      client: 0,
      amount: 120_000,
      months: 12,
      createdOn: -110,
      window: [-110, -95],
      disbursedOn: -95,
    },
    {
      name: 'Fleet vans',
      client: 1,
      amount: 250_000,
      months: 24,
      createdOn: -90,
      window: [-90, -75],
      disbursedOn: -75,
    },
    {
      name: 'Dental chairs',
      client: 2,
      amount: 90_000,
      months: 12,
      createdOn: -125,
      window: [-125, -110],
      disbursedOn: -110,
    },
    {
      name: 'Drill rig overhaul',
      client: 3,
      amount: 300_000,
      months: 18,
      createdOn: -95,
      window: [-95, -85],
      disbursedOn: -85,
    },
    {
      name: 'Cellar door stock',
      client: 4,
      amount: 60_000,
      months: 6,
      createdOn: -75,
      window: [-75, -65],
      disbursedOn: -65,
    },
    {
      name: 'Childcare expansion',
      client: 5,
      amount: 180_000,
      months: 24,
      createdOn: -125,
      window: [-125, -110],
      disbursedOn: -110,
    },
    {
      name: 'Printing press',
      client: 6,
      amount: 75_000,
      months: 12,
      createdOn: -115,
      window: [-115, -100],
      disbursedOn: -100,
    },
    {
      name: 'Short bridging loan',
      client: 7,
      amount: 40_000,
      months: 3,
      createdOn: -115,
      window: [-115, -100],
      disbursedOn: -100,
    },
    {
      name: 'Workshop crane',
      client: 7,
      amount: 110_000,
      months: 12,
      createdOn: -60,
      window: [-60, -50],
      disbursedOn: -50,
    },
    {
      name: 'Harvest equipment',
      client: 8,
      amount: 95_000,
      months: 12,
      createdOn: -70,
      window: [-70, -55],
      disbursedOn: -55,
    },
  ].entries()) {
    const id = await add({ ...base, ...spec, window: spec.window as [number, number] }, mandates);
    history.push({
      id,
      fundedOn: spec.createdOn + 5,
      disbursedOn: spec.disbursedOn,
      ...[
        {}, // 0 Active, every repayment so far paid
        {}, // 1 Active
        { skipFrom: 2 }, // 2 stops paying: Active in arrears
        { skipFrom: 1 }, // 3 stops paying: Active in arrears
        {}, // 4 Active
        { skipFrom: 2 }, // 5 paid out at its third repayment
        { skipFrom: 1 }, // 6 stops paying, then written off
        {}, // 7 Closed: every repayment paid
        {}, // 8 Active
        {}, // 9 Active
      ][n],
    });
  }
  for (const h of history) {
    const at = on(ctx, today, h.fundedOn);
    await fill(at, h.id, 10.5);
    await deployLoan(on(ctx, today, h.disbursedOn), h.id, null, audit);
    await payRepayments(ctx, today, h.id, -1, h.skipFrom);
  }
  // paid out: every past repayment but the last paid; at the last one's date the loan is paid out
  const paidOut = history[5]!.id;
  const open = await seedRepo.lastUnpaidRepaymentBefore(ctx.db, paidOut, today);
  if (open) {
    const days = Math.round((Date.parse(open.dueDate) - Date.parse(today)) / 86_400_000);
    await confirmPayout(on(ctx, today, days - 10), { loanId: paidOut, payoutDate: open.dueDate }, audit);
    await payRepayments(ctx, today, paidOut, -1);
  }
  // written off after it stopped paying
  const writtenOff = history[6]!.id;
  await runArrearsCheck(on(ctx, today, -5).db, on(ctx, today, -5).clock.now(), audit);
  // everything it still owes, so nothing remains and it is Written Off
  const remaining = await seedRepo.amountsRemaining(ctx.db, writtenOff);
  await writeOffLoan(
    on(ctx, today, -3),
    {
      loanId: writtenOff,
      principalAmount: centsToNumber(centsFromString(remaining.principal)),
      interestAmount: centsToNumber(centsFromString(remaining.interest)),
    },
    null,
    audit,
  );

  // loans of today: on the marketplace, waiting, expired, funded, deployed
  const ivyAccount = accountOf('Ivy Investor');
  const offshore = accountOf('Ivy Investor (Offshore)');
  const reid = accountOf('Reid Readonly');
  const funding = [
    { name: 'Cafe refurbishment', client: 0, amount: 80_000, months: 12, window: [-10, 20] },
    { name: 'Refrigerated trucks', client: 1, amount: 220_000, months: 36, window: [-3, 27] },
    { name: 'Imaging equipment', client: 2, amount: 150_000, months: 24, window: [-1, 29] },
    { name: 'Solar array', client: 3, amount: 60_000, months: 12, window: [-7, 14] },
    { name: 'Bottling line', client: 4, amount: 45_000, months: 12, window: [-2, 40], marketplaceStatus: 'LOCKED' },
    { name: 'Second centre', client: 5, amount: 130_000, months: 24, window: [-4, 26] },
    {
      name: 'Large format printer',
      client: 6,
      amount: 35_000,
      months: 6,
      window: [-5, 10],
      marketplaceStatus: 'HIDDEN',
    },
    { name: 'Cool room', client: 9, amount: 28_000, months: 12, window: [-6, 24] },
    { name: 'Harvester lease buyout', client: 8, amount: 120_000, months: 24, window: [-8, 22] },
  ] as const;
  for (const spec of funding) {
    const id = await add({
      ...base,
      ...spec,
      window: [...spec.window] as [number, number],
      createdOn: spec.window[0],
      disbursedOn: spec.window[1] + 5,
    });
    const at = on(ctx, today, spec.window[0]);
    if (spec.name !== 'Second centre') await investOnePercent(at, id, null, audit);
    if (spec.name === 'Cafe refurbishment' && ivyAccount) await invest(ctx, id, ivyAccount, 5_000, null);
    if (spec.name === 'Refrigerated trucks' && ivyAccount) await invest(ctx, id, ivyAccount, 2_500, null);
    if (spec.name === 'Imaging equipment' && offshore) await invest(ctx, id, offshore, 1_000, null);
    if (spec.name === 'Solar array') await invest(ctx, id, houseAccountId, 40_000, 10.5);
    if (spec.name === 'Cool room' && reid) await invest(ctx, id, reid, 1_500, null);
    if (spec.name === 'Harvester lease buyout') await autoInvest(at, id, 30_000, null, audit).catch(ignoreRefusal);
  }
  for (const spec of [
    { name: 'Boat lift', client: 7, amount: 70_000, months: 12, window: [5, 35] },
    { name: 'Grain silos', client: 8, amount: 160_000, months: 24, window: [12, 40] },
  ] as const) {
    await add({
      ...base,
      ...spec,
      window: [...spec.window] as [number, number],
      createdOn: -1,
      disbursedOn: spec.window[1] + 5,
    });
  }
  for (const spec of [
    { name: 'Clinic fit-out (draft)', client: 9, amount: 55_000, months: 12, window: [10, 40] },
    { name: 'Irrigation upgrade (draft)', client: 8, amount: 85_000, months: 18, window: [15, 45] },
  ] as const) {
    await add({
      ...base,
      ...spec,
      window: [...spec.window] as [number, number],
      createdOn: 0,
      disbursedOn: spec.window[1] + 5,
      setupDone: false,
    });
  }
  for (const spec of [
    { name: 'Warehouse racking', client: 9, amount: 50_000, months: 12, window: [-45, -5] },
    { name: 'Seasonal stock', client: 4, amount: 30_000, months: 6, window: [-35, -2] },
  ] as const) {
    const id = await add({
      ...base,
      ...spec,
      window: [...spec.window] as [number, number],
      createdOn: spec.window[0],
      disbursedOn: 10,
    });
    await investOnePercent(on(ctx, today, spec.window[0] + 1), id, null, audit);
    await invest(on(ctx, today, spec.window[0] + 2), id, houseAccountId, spec.amount / 4, 10.5);
  }
  // fully funded, waiting for its disbursement date; deployed ahead of it; active from today
  const waiting = await add({
    ...base,
    name: 'Kitchen equipment',
    client: 0,
    amount: 40_000,
    months: 12,
    createdOn: -12,
    window: [-12, 18],
    disbursedOn: 7,
  });
  if (reid) await invest(ctx, waiting, reid, 2_000, null);
  await fill(ctx, waiting, 10.5);
  const deployedAhead = await add({
    ...base,
    name: 'Delivery e-bikes',
    client: 1,
    amount: 25_000,
    months: 6,
    createdOn: -20,
    window: [-20, 10],
    disbursedOn: 5,
  });
  if (ivyAccount) await invest(ctx, deployedAhead, ivyAccount, 3_000, null);
  await fill(ctx, deployedAhead, 10.5);
  await deployLoan(ctx, deployedAhead, null, audit);
  const activeToday = await add({
    ...base,
    name: 'Surgery lights',
    client: 2,
    amount: 65_000,
    months: 12,
    createdOn: -15,
    window: [-15, 15],
    disbursedOn: 0,
  });
  if (ivyAccount) await invest(ctx, activeToday, ivyAccount, 4_000, null);
  if (offshore) await invest(ctx, activeToday, offshore, 1_500, null);
  if (reid) await invest(ctx, activeToday, reid, 3_000, null);
  await fill(ctx, activeToday, 10.5);
  await deployLoan(ctx, activeToday, null, audit);

  const activeRecent = await add({
    ...base,
    name: 'Ute replacement',
    client: 3,
    amount: 48_000,
    months: 12,
    createdOn: -40,
    window: [-40, -20],
    disbursedOn: -20,
  });
  await fill(on(ctx, today, -35), activeRecent, 10.5);
  await deployLoan(on(ctx, today, -20), activeRecent, null, audit);
  const activeLong = await add({
    ...base,
    name: 'Franchise fit-out',
    client: 5,
    amount: 210_000,
    months: 36,
    createdOn: -90,
    window: [-90, -60],
    disbursedOn: -60,
  });
  await fill(on(ctx, today, -85), activeLong, 10.5);
  await deployLoan(on(ctx, today, -60), activeLong, null, audit);
  await payRepayments(ctx, today, activeLong, -1);

  // today's arrears check leaves the loans that stopped paying in arrears
  await runArrearsCheck(ctx.db, ctx.clock.now(), audit);
  return ids;
}

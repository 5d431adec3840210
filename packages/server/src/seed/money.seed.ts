import { houseAccountId, Role, sydneyDate } from '@lm/domain';
import { addBankAccount, createInvestmentAccount, depositFunds, transferFunds } from '../accounts';
import { systemAudit } from '../platform/audit/audit';
import type { Actor } from '../platform/auth/tokens';
import type { AppContext } from '../platform/context';
import { updateTransaction } from '../transactions';
import { lockRequest, lodgeWithdrawal, recordVerified } from '../withdrawals';
import * as seedRepo from './seed.repository';

/**
 * The money of the demo book (DESIGN §1 demo data): 8 investors (the two demo investor users and
 * six more), 12 investment accounts (one foreign, some in investor groups, the funded house
 * account 555), bank accounts, deposits, a transfer and withdrawals in each state, spread over
 * the last five months. Everything goes through the services the API uses, at the moment it
 * happened: the clock is moved back for each step and restored after it, so created and
 * finalised dates, running balances and the audit log read as they would have.
 *
 * The demo investors' own accounts hold their opening deposit only, so the investor screens
 * start from a plain, predictable state; the history lives on the other investors' accounts.
 */

export const demoBpayBillerCode = '287813';
const dayMs = 24 * 60 * 60_000;

interface DemoInvestor {
  email: string;
  firstName: string;
  lastName: string;
  investorType: string;
  addressState: string;
}

/** The six investors beyond the demo users (the demo users' investor rows come with them). */
const otherInvestors: DemoInvestor[] = [
  {
    email: 'olivia.chen@example.com',
    firstName: 'Olivia',
    lastName: 'Chen',
    investorType: 'TRUST_INDIVIDUAL',
    addressState: 'NSW',
  },
  {
    email: 'liam.nguyen@example.com',
    firstName: 'Liam',
    lastName: 'Nguyen',
    investorType: 'INDIVIDUAL',
    addressState: 'VIC',
  },
  {
    email: 'sophie.patel@example.com',
    firstName: 'Sophie',
    lastName: 'Patel',
    investorType: 'SMSF_INDIVIDUAL',
    addressState: 'QLD',
  },
  {
    email: 'jack.wilson@example.com',
    firstName: 'Jack',
    lastName: 'Wilson',
    investorType: 'INDIVIDUAL',
    addressState: 'WA',
  },
  {
    email: 'amelia.brown@example.com',
    firstName: 'Amelia',
    lastName: 'Brown',
    investorType: 'INDIVIDUAL',
    addressState: 'SA',
  },
  {
    email: 'noah.taylor@example.com',
    firstName: 'Noah',
    lastName: 'Taylor',
    investorType: 'COMPANY',
    addressState: 'NSW',
  },
];

interface DemoAccount {
  key: string;
  holder: string;
  name: string;
  isForeign?: boolean;
  group?: string;
  mandate?: { rate: string; maxExposure: string; maxTerm: number };
  bank?: { name: string; bsbNumber: string; accountNumber: string };
  /** Opening deposit in dollars, made when the account opened. */
  opening: number;
}

const accounts: DemoAccount[] = [
  {
    key: 'ivy',
    holder: 'investor@example.com',
    name: 'Ivy Investor',
    bank: { name: 'Ivy Investor Everyday', bsbNumber: '062-000', accountNumber: '12345678' },
    opening: 50_000,
  },
  // foreign and without a saved bank account: Withdraw Funds shows the missing-bank-account message
  {
    key: 'ivyOffshore',
    holder: 'investor@example.com',
    name: 'Ivy Investor (Offshore)',
    isForeign: true,
    opening: 10_000,
  },
  {
    key: 'reid',
    holder: 'readonly@example.com',
    name: 'Reid Readonly',
    bank: { name: 'Reid Readonly Savings', bsbNumber: '732-000', accountNumber: '87654321' },
    opening: 25_000,
  },
  {
    key: 'olivia',
    holder: 'olivia.chen@example.com',
    name: 'Olivia Chen',
    bank: { name: 'O Chen Everyday', bsbNumber: '082-001', accountNumber: '40112233' },
    opening: 80_000,
  },
  {
    key: 'chenTrust',
    holder: 'olivia.chen@example.com',
    name: 'Chen Family Trust',
    group: 'Chen Family Trust',
    mandate: { rate: '14.5', maxExposure: '250000.00', maxTerm: 36 },
    bank: { name: 'Chen Family Trust', bsbNumber: '082-001', accountNumber: '40998877' },
    opening: 120_000,
  },
  {
    key: 'liam',
    holder: 'liam.nguyen@example.com',
    name: 'Liam Nguyen',
    bank: { name: 'L Nguyen Savings', bsbNumber: '033-002', accountNumber: '51234567' },
    opening: 30_000,
  },
  {
    key: 'patelSuper',
    holder: 'sophie.patel@example.com',
    name: 'Patel Super Fund',
    group: 'Patel Super Fund',
    bank: { name: 'Patel Super Fund', bsbNumber: '484-799', accountNumber: '61230045' },
    opening: 95_000,
  },
  {
    key: 'jack',
    holder: 'jack.wilson@example.com',
    name: 'Jack Wilson',
    bank: { name: 'J Wilson Everyday', bsbNumber: '016-002', accountNumber: '71122334' },
    opening: 15_000,
  },
  {
    key: 'amelia',
    holder: 'amelia.brown@example.com',
    name: 'Amelia Brown',
    bank: { name: 'A Brown Everyday', bsbNumber: '105-900', accountNumber: '81234000' },
    opening: 40_000,
  },
  {
    key: 'taylorHoldings',
    holder: 'noah.taylor@example.com',
    name: 'Taylor Holdings Pty Ltd',
    group: 'Taylor Holdings',
    mandate: { rate: '13.25', maxExposure: '500000.00', maxTerm: 24 },
    bank: { name: 'Taylor Holdings Pty Ltd', bsbNumber: '062-692', accountNumber: '10029384' },
    opening: 200_000,
  },
  {
    key: 'noah',
    holder: 'noah.taylor@example.com',
    name: 'Noah Taylor',
    group: 'Taylor Holdings',
    bank: { name: 'N Taylor Everyday', bsbNumber: '062-692', accountNumber: '10029999' },
    opening: 20_000,
  },
];

const groupEntityTypes: Record<string, string> = {
  'Chen Family Trust': 'TRUST',
  'Patel Super Fund': 'SMSF',
  'Taylor Holdings': 'COMPANY',
};

/** Runs one step of the history `daysAgo` days back (at the same time of day), then puts the clock back. */
async function daysAgo<T>(ctx: AppContext, days: number, step: () => Promise<T>): Promise<T> {
  const back = -days * dayMs;
  ctx.clock.advance(back);
  try {
    return await step();
  } finally {
    ctx.clock.advance(-back);
  }
}

async function actorFor(ctx: AppContext, email: string): Promise<Actor> {
  const user = await seedRepo.userByEmail(ctx.db, email);
  if (!user) throw new Error(`The money seed needs the user ${email}: seed the demo users first.`);
  return { userId: user.id, role: user.type as Role, email: user.email };
}

/** The six other investors: users of the investor type sharing the demo password hash (one argon2 run in all). */
async function createOtherInvestors(ctx: AppContext, now: Date): Promise<void> {
  const template = await seedRepo.userByEmail(ctx.db, 'investor@example.com');
  if (!template) throw new Error('The money seed needs the demo users: seed them first.');
  for (const person of otherInvestors) {
    const userId = await seedRepo.insertUser(ctx.db, {
      email: person.email,
      type: Role.INVESTOR,
      firstName: person.firstName,
      lastName: person.lastName,
      passwordHash: template.passwordHash,
      status: 'ACTIVE',
      emailConfirmedAt: now,
      mobileNumber1: '0400 000 000',
      createdAt: now,
      updatedAt: now,
    });
    await seedRepo.insertInvestor(ctx.db, {
      userId,
      investorType: person.investorType,
      addressState: person.addressState,
      addressCountry: 'Australia',
      createdAt: now,
    });
  }
}

async function openAccounts(ctx: AppContext): Promise<Map<string, { id: number; bankAccountId: number | null }>> {
  const audit = systemAudit('seed');
  const now = ctx.clock.now();
  const opened = new Map<string, { id: number; bankAccountId: number | null }>();
  const groups = new Map<string, number>();
  await ctx.db.transaction().execute(async (trx) => {
    for (const account of accounts) {
      const investor = await seedRepo.investorIdByEmail(trx, account.holder);
      let groupId: number | null = null;
      if (account.group) {
        groupId = groups.get(account.group) ?? null;
        if (groupId === null) {
          groupId = await seedRepo.insertInvestmentGroup(trx, {
            name: account.group,
            status: 'ACTIVE',
            entityType: groupEntityTypes[account.group] ?? null,
            createdAt: now,
            updatedAt: now,
          });
          groups.set(account.group, groupId);
        }
        await seedRepo.addInvestmentGroupMember(trx, groupId, investor.id);
      }
      const id = await createInvestmentAccount(
        trx,
        {
          name: account.name,
          investorIds: [investor.id],
          bpayBillerCode: demoBpayBillerCode,
          isForeign: account.isForeign ?? false,
          investmentGroupId: groupId,
          mandateRate: account.mandate?.rate ?? null,
          mandateMaxExposure: account.mandate?.maxExposure ?? null,
          mandateMaxTerm: account.mandate?.maxTerm ?? null,
          mandateMaxTermUnit: account.mandate ? 'MONTHS' : null,
        },
        audit,
        now,
      );
      const bankAccountId = account.bank
        ? await addBankAccount(trx, { investmentAccountId: id, ...account.bank }, audit, now)
        : null;
      opened.set(account.key, { id, bankAccountId });
    }
  });
  return opened;
}

export async function seedMoney(ctx: AppContext): Promise<void> {
  const audit = systemAudit('seed');
  const admin = await actorFor(ctx, 'admin@example.com');
  const deposit = (accountId: number, amount: number, comment: string, investorComment: string | null = null) =>
    depositFunds(
      ctx,
      admin,
      accountId,
      { amount, comment, investorComment, depositDate: sydneyDate(ctx.clock.now()) },
      audit,
    );

  const opened = await daysAgo(ctx, 150, async () => {
    await createOtherInvestors(ctx, ctx.clock.now());
    const opened = await openAccounts(ctx);
    // the house account invests the 1% and pays interest top-ups, so it starts funded
    await deposit(houseAccountId, 250_000, 'House account funding');
    for (const account of accounts) {
      await deposit(opened.get(account.key)!.id, account.opening, 'Opening balance (demo data)', 'Opening balance');
    }
    return opened;
  });
  const id = (key: string) => opened.get(key)!.id;
  const bank = (key: string) => opened.get(key)!.bankAccountId!;

  await daysAgo(ctx, 120, () => deposit(id('olivia'), 20_000, 'BPAY 1184', 'Top up'));
  await daysAgo(ctx, 90, () =>
    transferFunds(
      ctx,
      admin,
      id('olivia'),
      {
        toAccount: id('chenTrust'),
        amount: 15_000,
        transferDate: sydneyDate(ctx.clock.now()),
        organisationComment: 'Requested by Olivia Chen (email of 12 Oct)',
        toAccountComment: 'Transfer from Olivia Chen',
        fromAccountComment: 'Transfer to Chen Family Trust',
      },
      audit,
    ),
  );
  await daysAgo(ctx, 45, () => deposit(id('amelia'), 12_500.5, 'BPAY 2291', 'Additional funds'));
  await daysAgo(ctx, 7, () => deposit(id('taylorHoldings'), 50_000, 'EFT from Taylor Holdings', null));

  /** An investor lodges a withdrawal and verifies it (the seed confirms it as the code would). */
  const lodge = async (key: string, holder: string, amount: number, verify: boolean) => {
    const lodged = await lodgeWithdrawal(
      ctx,
      await actorFor(ctx, holder),
      id(key),
      { amount, bankAccountId: bank(key) },
      audit,
      { throttle: false, mailCode: false },
    );
    if (verify) {
      const now = ctx.clock.now();
      await ctx.db.transaction().execute(async (trx) => {
        await lockRequest(trx, lodged.id);
        await recordVerified(trx, lodged.id, audit, now);
      });
    }
    return lodged;
  };

  // paid: lodged and verified, paid by management the next day
  const paid = await daysAgo(ctx, 60, () => lodge('liam', 'liam.nguyen@example.com', 2_000, true));
  await daysAgo(ctx, 59, () =>
    updateTransaction(ctx, paid.transactionId, { status: 'PAID', comment: 'Paid by EFT, ref 55120' }, audit),
  );
  // cancelled by management at the investor's request
  const cancelled = await daysAgo(ctx, 30, () => lodge('jack', 'jack.wilson@example.com', 1_500, true));
  await daysAgo(ctx, 29, () =>
    updateTransaction(
      ctx,
      cancelled.transactionId,
      { status: 'CANCELLED', comment: 'Investor changed their mind' },
      audit,
    ),
  );
  // verified and waiting on Pending Withdrawals
  await daysAgo(ctx, 2, () => lodge('patelSuper', 'sophie.patel@example.com', 5_000, true));
  await daysAgo(ctx, 1, () => lodge('amelia', 'amelia.brown@example.com', 750, true));
  // lodged just now and not yet verified: its code expires in 10 minutes, then the request is cancelled
  await lodge('jack', 'jack.wilson@example.com', 700, false);
}

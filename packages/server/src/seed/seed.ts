import type { AppContext } from '../platform/context';
import { seedDemoUsers } from './demo-users';
import { seedDemoLoans } from './loans.seed';
import { seedMoney } from './money.seed';
import { seedDemoRepayments } from './repayments.seed';
import { anyUserExists } from './seed.repository';

/**
 * Demo data for a new database: the five demo users and a small realistic book, created through
 * the services the API uses. Runs only when the database has no users yet.
 */
export async function seedIfEmpty(ctx: AppContext): Promise<boolean> {
  if (await anyUserExists(ctx.db)) return false;
  await seedDemoUsers(ctx.db);
  await seedDemoBook(ctx);
  return true;
}

/**
 * The demo book beyond the users: clients, loans, investors, accounts and their money. Each
 * feature adds its part here, through its own services, as it lands.
 */
export async function seedDemoBook(ctx: AppContext): Promise<void> {
  // money core: investors, investment accounts (house 555 funded), bank accounts, deposits, a
  // transfer and withdrawals in each state; the demo investors' accounts hold their opening deposit
  await seedMoney(ctx);
  // loans: clients, loans across the statuses, investments, deploys, repayments (after the money)
  await seedDemoLoans(ctx);
  // repayments: today's receipts still to handle, one with an excess and one not yet fractionalised (after the loans)
  await seedDemoRepayments(ctx);
}

import { Role } from '@lm/domain';
import type { Executor } from '../platform/db/database';
import { hashPassword } from '../session';
import { insertInvestor, insertUser } from './seed.repository';

export const demoPassword = 'Demo-Passw0rd!';

export const demoUsers = [
  { email: 'admin@example.com', type: Role.MANAGEMENT, firstName: 'Alex', lastName: 'Admin' },
  { email: 'support@example.com', type: Role.SUPPORT, firstName: 'Sam', lastName: 'Support' },
  { email: 'auditor@example.com', type: Role.AUDITOR, firstName: 'Audrey', lastName: 'Auditor' },
  { email: 'investor@example.com', type: Role.INVESTOR, firstName: 'Ivy', lastName: 'Investor' },
  { email: 'readonly@example.com', type: Role.INVESTOR_READ_ONLY, firstName: 'Reid', lastName: 'Readonly' },
] as const;

/** Creates the five demo users of the contract (investors get an investor record). */
export async function seedDemoUsers(db: Executor): Promise<Record<string, number>> {
  const passwordHash = await hashPassword(demoPassword);
  const ids: Record<string, number> = {};
  for (const u of demoUsers) {
    const userId = await insertUser(db, {
      ...u,
      passwordHash,
      status: 'ACTIVE',
      emailConfirmedAt: new Date(),
      mobileNumber1: '0400 000 000',
    });
    ids[u.email] = userId;
    if (u.type === Role.INVESTOR || u.type === Role.INVESTOR_READ_ONLY) {
      await insertInvestor(db, { userId, investorType: 'INDIVIDUAL' });
    }
  }
  return ids;
}

import { type RawBuilder, sql } from 'kysely';
import type { Executor, Tx } from '../platform/db/database';

/** The onboarding tables (investor-and-admin §3 "Onboarding application"): every statement onboarding runs. */

export interface NewApplicationRow {
  applicationId: string;
  instanceId: string;
  version: number;
  data: unknown;
  creationDate: Date;
}

export async function insertApplication(trx: Tx, row: NewApplicationRow): Promise<number> {
  const inserted = await trx
    .insertInto('onboardingApplications')
    .values({
      applicationId: row.applicationId,
      instanceId: row.instanceId,
      version: row.version,
      data: JSON.stringify(row.data),
      creationDate: row.creationDate,
      status: 'PENDING',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return inserted.id;
}

export interface NewFileRow {
  applicationId: number;
  documentName: string;
  originalName: string;
  contentType: string;
  sizeBytes: number;
  storageKey: string;
  metadata: unknown;
  createdAt: Date;
}

export async function insertFiles(trx: Tx, rows: readonly NewFileRow[]): Promise<void> {
  if (rows.length === 0) return;
  await trx
    .insertInto('onboardingFiles')
    .values(rows.map((row) => ({ ...row, metadata: JSON.stringify(row.metadata) })))
    .execute();
}

export interface NewApprovalRow {
  applicationId: number;
  firstName: string | null;
  lastName: string | null;
  email: string | null;
  mobile: string | null;
}

export async function insertApprovals(trx: Tx, rows: readonly NewApprovalRow[]): Promise<void> {
  if (rows.length === 0) return;
  await trx
    .insertInto('onboardingApprovals')
    .values(rows.map((row) => ({ ...row, status: 'PENDING' })))
    .execute();
}

export interface ApplicationRecord {
  id: number;
  applicationId: string;
  instanceId: string;
  status: string;
  creationDate: Date;
  thirdPartyId: string | null;
  finalisedDate: Date | null;
  finalisedBy: number | null;
  version: number;
  data: unknown;
  createdUserId: number | null;
}

const applicationColumns = [
  'id',
  'applicationId',
  'instanceId',
  'status',
  'creationDate',
  'thirdPartyId',
  'finalisedDate',
  'finalisedBy',
  'version',
  'data',
  'createdUserId',
] as const;

export function selectApplication(db: Executor, id: number): Promise<ApplicationRecord | undefined> {
  return db
    .selectFrom('onboardingApplications')
    .select(applicationColumns)
    .where('id', '=', id)
    .executeTakeFirst() as Promise<ApplicationRecord | undefined>;
}

/** The application under a row lock: approve and deny decide it once. */
export function lockApplication(trx: Tx, id: number): Promise<ApplicationRecord | undefined> {
  return trx
    .selectFrom('onboardingApplications')
    .select(applicationColumns)
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst() as Promise<ApplicationRecord | undefined>;
}

export async function finaliseApplication(
  trx: Tx,
  id: number,
  change: { status: 'APPROVED' | 'DENIED'; finalisedBy: number | null; now: Date; createdUserId: number | null },
): Promise<void> {
  await trx
    .updateTable('onboardingApplications')
    .set({
      status: change.status,
      finalisedDate: change.now,
      finalisedBy: change.finalisedBy,
      createdUserId: change.createdUserId,
    })
    .where('id', '=', id)
    .execute();
  await trx
    .updateTable('onboardingApprovals')
    .set({ status: change.status, decidedAt: change.now })
    .where('applicationId', '=', id)
    .where('status', '=', 'PENDING')
    .execute();
}

export function selectFiles(db: Executor, applicationId: number) {
  return db
    .selectFrom('onboardingFiles')
    .select(['id', 'documentName', 'originalName', 'contentType', 'sizeBytes', 'storageKey', 'metadata', 'createdAt'])
    .where('applicationId', '=', applicationId)
    .orderBy('id')
    .execute();
}

export function selectFile(db: Executor, applicationId: number, fileId: number) {
  return db
    .selectFrom('onboardingFiles')
    .select(['id', 'documentName', 'originalName', 'contentType', 'sizeBytes', 'storageKey'])
    .where('applicationId', '=', applicationId)
    .where('id', '=', fileId)
    .executeTakeFirst();
}

export function selectApprovals(db: Executor, applicationId: number) {
  return db
    .selectFrom('onboardingApprovals')
    .select(['id', 'status', 'firstName', 'lastName', 'email', 'mobile', 'decidedAt'])
    .where('applicationId', '=', applicationId)
    .orderBy('id')
    .execute();
}

export async function userEmailTaken(trx: Tx, email: string): Promise<boolean> {
  const row = await trx
    .selectFrom('users')
    .select('id')
    .where((eb) => eb(eb.fn('lower', ['email']), '=', email.toLowerCase()))
    .executeTakeFirst();
  return row !== undefined;
}

export interface NewInvestorUser {
  email: string;
  firstName: string;
  middleName: string | null;
  lastName: string;
  mobileNumber1: string | null;
  now: Date;
}

/** The applicant's user: an INVESTOR with no password yet (the mailed code sets one). */
export async function insertInvestorUser(trx: Tx, user: NewInvestorUser): Promise<number> {
  const row = await trx
    .insertInto('users')
    .values({
      email: user.email,
      type: 'INVESTOR',
      firstName: user.firstName,
      middleName: user.middleName,
      lastName: user.lastName,
      mobileNumber1: user.mobileNumber1,
      status: 'UNCONFIRMED',
      passwordHash: null,
      createdAt: user.now,
      updatedAt: user.now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export interface NewInvestorRecord {
  userId: number;
  taxFileNumber: string | null;
  addressStreetName: string | null;
  addressSuburb: string | null;
  addressState: string | null;
  addressPostcode: string | null;
  addressCountry: string | null;
  investorType: string;
  accreditationLevel: string | null;
  accreditedDate: string | null;
  now: Date;
}

export async function insertInvestorRecord(trx: Tx, investor: NewInvestorRecord): Promise<number> {
  const { now, ...values } = investor;
  const row = await trx
    .insertInto('investors')
    .values({ ...values, createdAt: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** The certificate issue date of the investors holding an account (the invest check reads it). */
export function selectAccreditation(db: Executor, investmentAccountId: number) {
  return db
    .selectFrom('investmentAccountInvestors as aci')
    .innerJoin('investors as i', 'i.id', 'aci.investorId')
    .select(['i.accreditationLevel', 'i.accreditedDate'])
    .where('aci.investmentAccountId', '=', investmentAccountId)
    .execute();
}

/** The list's `pending` flag as a condition: true keeps undecided applications, false decided ones. */
export function pendingCondition(pending: string | undefined): RawBuilder<unknown> | undefined {
  if (pending === 'true') return sql`a.finalised_date is null`;
  if (pending === 'false') return sql`a.finalised_date is not null`;
  return undefined;
}

export async function selectInvestorIdOfUser(db: Executor, userId: number): Promise<number | null> {
  const row = await db.selectFrom('investors').select('id').where('userId', '=', userId).executeTakeFirst();
  return row?.id ?? null;
}

export interface ExpiringCertificate {
  investorId: number;
  email: string;
  firstName: string;
  expiryDate: string;
}

/**
 * Investors whose sophisticated-investor certificate expires after `today` and at most on
 * `lastDay` (`years` after its issue date) and who have not been told about that expiry yet.
 */
export async function selectCertificatesExpiring(
  db: Executor,
  today: string,
  lastDay: string,
  years: number,
): Promise<ExpiringCertificate[]> {
  const result = await sql<ExpiringCertificate>`
    select i.id as "investorId", u.email, u.first_name as "firstName", e.expiry::text as "expiryDate"
    from investors i
    join users u on u.id = i.user_id
    cross join lateral (select (i.accredited_date + make_interval(years => ${years}::int))::date as expiry) e
    where i.accreditation_level = 'SOPHISTICATED'
      and i.accredited_date is not null
      and u.status <> 'DISABLED'
      and e.expiry > ${today}::date
      and e.expiry <= ${lastDay}::date
      and not exists (
        select 1 from certificate_expiry_notices n where n.investor_id = i.id and n.expiry_date = e.expiry
      )
    order by i.id`.execute(db);
  return result.rows;
}

/** Claims the notice of one expiry (false when another process sent it already). */
export async function claimExpiryNotice(
  db: Executor,
  investorId: number,
  expiryDate: string,
  now: Date,
): Promise<boolean> {
  const rows = await db
    .insertInto('certificateExpiryNotices')
    .values({ investorId, expiryDate, sentAt: now })
    .onConflict((oc) => oc.doNothing())
    .returning('investorId')
    .execute();
  return rows.length === 1;
}

export async function releaseExpiryNotice(db: Executor, investorId: number, expiryDate: string): Promise<void> {
  await db
    .deleteFrom('certificateExpiryNotices')
    .where('investorId', '=', investorId)
    .where('expiryDate', '=', expiryDate)
    .execute();
}

/** The investor's accreditation under a row lock, for a renewal in the same transaction. */
export function lockInvestorAccreditation(trx: Tx, investorId: number) {
  return trx
    .selectFrom('investors')
    .select(['accreditationLevel', 'accreditedDate'])
    .where('id', '=', investorId)
    .forUpdate()
    .executeTakeFirst();
}

export async function setInvestorAccreditation(
  trx: Tx,
  investorId: number,
  accreditationLevel: string,
  accreditedDate: string,
): Promise<void> {
  await trx.updateTable('investors').set({ accreditationLevel, accreditedDate }).where('id', '=', investorId).execute();
}

import { z } from 'zod';
import { defineRoute, idParam, listShape } from '../contract';

/**
 * The History tab of the staff detail screens (loan, investment account, transaction, investor,
 * investor group, client): the audit records of one record, newest first (DESIGN §7: every change
 * writes who, when, what, before and after). The path is ours: GET api/audit/{entity}/{id}.
 */
export const historyEntities = [
  'loans',
  'investmentAccounts',
  'transactions',
  'investors',
  'investmentGroups',
  'clients',
] as const;
export type HistoryEntity = (typeof historyEntities)[number];

/** The kind named in a refusal or an empty state: 'Loan', 'Investment account', ... */
export const historyEntityLabels: Record<HistoryEntity, string> = {
  loans: 'Loan',
  investmentAccounts: 'Investment account',
  transactions: 'Transaction',
  investors: 'Investor',
  investmentGroups: 'Investor group',
  clients: 'Client',
};

export const historyMessages = {
  notFound: (entity: HistoryEntity) => `${historyEntityLabels[entity]} not found.`,
  empty: 'No changes have been recorded for this record.',
} as const;

/** The audit record as the list engine reads it (before and after travel as JSON text). */
export const historyRecordShape = listShape({
  id: 'integer',
  occurredAt: 'datetime',
  actorUserId: 'integer?',
  actorName: 'string?',
  actorEmail: 'string?',
  method: 'string',
  route: 'string',
  objectType: 'string',
  objectId: 'string?',
  before: 'string?',
  after: 'string?',
});

/** A JSON value as stored in an audit record. */
const jsonValue: z.ZodType<unknown> = z.unknown();

export const historyFieldChange = z.strictObject({
  /** The record's own field name (camelCase), e.g. 'comment'. */
  field: z.string(),
  before: jsonValue,
  after: jsonValue,
});
export type HistoryFieldChange = z.infer<typeof historyFieldChange>;

/** One change as the History tab shows it. */
export const historyEntry = z.strictObject({
  id: z.number().int(),
  occurredAt: z.string(),
  /** Null for the system (jobs, the seed). */
  actor: z.strictObject({ userId: z.number().int(), name: z.string(), email: z.string() }).nullable(),
  method: z.string(),
  route: z.string(),
  /** What the record is about: 'loan', 'accountTransaction', 'withdrawalRequest', 'user', ... */
  objectType: z.string(),
  objectId: z.string().nullable(),
  changes: z.array(historyFieldChange),
});
export type HistoryEntry = z.infer<typeof historyEntry>;

/** Paging only: the history is always newest first. */
export const historyQuery = z.strictObject({
  $top: z
    .string()
    .regex(/^\d{1,4}$/)
    .optional()
    .describe('Page size, at most 1000 (default 10)'),
  $skip: z
    .string()
    .regex(/^\d{1,9}$/)
    .optional()
    .describe('Records to skip'),
  $count: z.enum(['true', 'false']).optional().describe('true to return the total count'),
});

export const historyRoute = defineRoute({
  method: 'GET',
  path: '/api/audit/:entity/:id',
  tag: 'history',
  summary: "One record's change history, newest first",
  description:
    'Who changed the record, when, and each field before and after, from the audit records. ' +
    'A loan includes its investments and loan transactions; an investment account its bank accounts, ' +
    'transactions and withdrawal requests; a transaction its withdrawal request; an investor its user.',
  params: z.object({ entity: z.enum(historyEntities), id: idParam }),
  query: historyQuery,
  response: z.array(historyEntry),
  list: true,
});

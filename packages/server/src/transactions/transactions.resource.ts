import { accountTransactionListShape, transactionListShape } from '@lm/domain';
import { CompiledQuery, type RawBuilder, sql } from 'kysely';
import { type Executor, executePrepared } from '../platform/db/database';
import { bindListResource } from '../platform/list-query';
import { readListQuery } from '../platform/list-query/query-options';
import { planList } from '../platform/list-query/translate';

/**
 * The account transactions list (investor-and-admin §3 "Transaction", §7): what staff and
 * investors may filter, sort, select and expand (the shapes are the domain's). The investor view
 * leaves out the organisation's own comment and anything that names another investor's account.
 */

const investorVisibleFields = {
  id: 't.id',
  investmentAccountId: 't.investment_account_id',
  type: 't.type',
  status: 't.status',
  investorComment: 't.investor_comment',
  amount: 't.amount',
  grossAmount: 't.gross_amount',
  principalAmount: 't.principal_amount',
  interestAmount: 't.interest_amount',
  feesAmount: 't.fees_amount',
  taxWithheldAmount: 't.tax_withheld_amount',
  runningBalance: 't.running_balance',
  finalisedDate: 't.finalised_date',
  createdDate: 't.created_date',
  effectiveDate: 't.effective_date',
  reversalTransactionId: 't.reversal_transaction_id',
  reversesTransactionId: 't.reverses_transaction_id',
  loanId: 't.loan_id',
  investmentId: 't.investment_id',
  withdrawalRequestId: 't.withdrawal_request_id',
};

const investmentAccount = {
  join: 'left join investment_accounts ia on ia.id = t.investment_account_id left join ledger_accounts ial on ial.id = ia.ledger_account_id',
  fields: {
    id: 'ia.id',
    name: 'ia.name',
    type: 'ia.type',
    investmentGroupId: 'ia.investment_group_id',
    currentBalance: 'ial.current_balance',
    availableBalance: 'ial.available_balance',
    bpayBillerCode: 'ia.bpay_biller_code',
    bpayReferenceNumber: 'ia.bpay_reference_number',
    isForeign: 'ia.is_foreign',
  },
};

const withdrawalDetailsJoin =
  'left join withdrawal_requests wr on wr.id = t.withdrawal_request_id left join bank_accounts wba on wba.id = wr.bank_account_id';
const withdrawalDetailsFields = {
  id: 'wr.id',
  status: 'wr.status',
  amount: 'wr.amount',
  verifiedAt: 'wr.verified_at',
  createdAt: 'wr.created_at',
  bankAccountId: 'wr.bank_account_id',
  accountName: 'wba.name',
  accountNumber: 'wba.account_number',
  bsbNumber: 'wba.bsb_number',
};

const loanJoin = 'left join loans tl on tl.id = t.loan_id';

/** Default sort of the specification: finalisedDate descending (pending rows, with none, first). */
const defaultOrderBy = 'finalisedDate desc';

export const staffTransactionsResource = bindListResource(transactionListShape, {
  name: 'transactions',
  from: 'account_transactions t',
  fields: {
    ...investorVisibleFields,
    comment: 't.comment',
    loanTransactionId: 't.loan_transaction_id',
    counterpartAccountId: 't.counterpart_account_id',
    ledgerEntryId: 't.ledger_entry_id',
    createdBy: 't.created_by',
  },
  relations: {
    investmentAccount,
    withdrawalDetails: { join: withdrawalDetailsJoin, fields: { ...withdrawalDetailsFields, comment: 'wr.comment' } },
    linkedLoanTransaction: {
      join: 'left join loan_transactions llt on llt.id = t.loan_transaction_id',
      fields: {
        id: 'llt.id',
        loanId: 'llt.loan_id',
        type: 'llt.type',
        status: 'llt.status',
        principalAmount: 'llt.principal_amount',
        interestAmount: 'llt.interest_amount',
        netAmount: 'llt.net_amount',
        grossAmount: 'llt.gross_amount',
        finalisedDate: 'llt.finalised_date',
      },
      relations: {
        loan: {
          join: 'left join loans lltl on lltl.id = llt.loan_id',
          fields: { id: 'lltl.id', name: 'lltl.name', status: 'lltl.status' },
        },
      },
    },
    loan: {
      join: loanJoin,
      fields: { id: 'tl.id', name: 'tl.name', thirdPartyId: 'tl.third_party_id', status: 'tl.status' },
    },
    counterpartAccount: {
      join: 'left join investment_accounts cpa on cpa.id = t.counterpart_account_id',
      fields: { id: 'cpa.id', name: 'cpa.name' },
    },
  },
  defaultOrderBy,
});

export const investorTransactionsResource = bindListResource(accountTransactionListShape, {
  name: 'transactions',
  from: 'account_transactions t',
  fields: investorVisibleFields,
  relations: {
    investmentAccount,
    withdrawalDetails: { join: withdrawalDetailsJoin, fields: withdrawalDetailsFields },
    loan: { join: loanJoin, fields: { id: 'tl.id', name: 'tl.name', status: 'tl.status' } },
  },
  defaultOrderBy,
});

/** Every expansion of the detail view (Transaction Information). */
export const staffDetailExpand = 'investmentAccount,withdrawalDetails,linkedLoanTransaction,loan,counterpartAccount';

/** Reversal rows and the rows they reversed ("Reversals Are Hidden"). */
export const noReversals = sql`(t.reversal_transaction_id is null and t.reverses_transaction_id is null)`;

/**
 * A withdrawal is "held until verified" (investor-and-admin §3): staff lists show a withdrawal
 * request only once the investor has verified it (Pending Withdrawals lists verified requests).
 */
export const noUnverifiedWithdrawals = sql`not exists (
  select 1 from withdrawal_requests uw where uw.id = t.withdrawal_request_id and uw.status = 'UNVERIFIED')`;

export const ofAccount = (investmentAccountId: number) => sql`t.investment_account_id = ${investmentAccountId}`;

export function allOf(conditions: RawBuilder<unknown>[]): RawBuilder<unknown> {
  return sql`(${sql.join(conditions, sql` and `)})`;
}

const detailQuery = readListQuery({ $expand: staffDetailExpand });

/** The most transactions one detail read returns (a transfer reads two). */
export const detailIdsMax = 100;

interface DetailStatement {
  sql: string;
  parameters: readonly unknown[];
  /** Where the array of asked ids goes in `parameters` (-1: the statement asks for no ids). */
  idsSlot: number;
  toRow(raw: Record<string, unknown>): Record<string, unknown>;
}

const detailStatementCache = new Map<'ids' | 'lastEntry', DetailStatement>();

/**
 * The detail view's statement, planned and compiled once: of the rows whose ids it is given
 * (`ids`), or of the rows of the ledger entry this database session inserted last (`lastEntry`:
 * the movement sent right before it in the same transaction).
 */
function detailStatement(db: Executor, of: 'ids' | 'lastEntry'): DetailStatement {
  const cached = detailStatementCache.get(of);
  if (cached) return cached;
  const idsStandIn: number[] = [];
  const plan = planList(
    staffTransactionsResource,
    { ...detailQuery, top: detailIdsMax },
    {
      where:
        of === 'ids'
          ? sql`t.id = any(${idsStandIn}::bigint[])`
          : // a subquery: evaluated once, so the entry's index is used (a volatile call in the
            // condition itself would be evaluated per row, over the whole table)
            sql`t.ledger_entry_id = (select currval(pg_get_serial_sequence('ledger_entries', 'id')))`,
    },
  );
  const compiled = plan.listQuery.compile(db);
  const idsSlot = compiled.parameters.indexOf(idsStandIn);
  if (of === 'ids' && idsSlot < 0) throw new Error('the transaction detail statement does not carry its ids');
  const statement = { sql: compiled.sql, parameters: compiled.parameters, idsSlot, toRow: plan.toRow };
  detailStatementCache.set(of, statement);
  return statement;
}

type DetailRow = NonNullable<(typeof staffTransactionsResource)['row']>;

async function runDetailStatement(
  db: Executor,
  statement: DetailStatement,
  ids: readonly number[] | null,
): Promise<Map<number, DetailRow>> {
  const parameters = [...statement.parameters];
  if (ids !== null) parameters[statement.idsSlot] = [...ids];
  const { rows } = await executePrepared(db, {
    compile: () => CompiledQuery.raw(statement.sql, parameters) as CompiledQuery<Record<string, unknown>>,
  });
  return new Map(
    rows.map((raw) => {
      const view = statement.toRow(raw) as DetailRow;
      return [Number(view.id), view];
    }),
  );
}

/**
 * The detail rows (every expansion) of the ledger entry this session wrote last, in one query (a
 * prepared statement). Only meaningful right behind the movement's statement in the same
 * transaction; callers check the ids they get against the movement's.
 */
export function selectLastEntryDetails(db: Executor): Promise<Map<number, DetailRow>> {
  return runDetailStatement(db, detailStatement(db, 'lastEntry'), null);
}

/**
 * The detail rows of transactions (every expansion), by id, in one query (a prepared statement
 * whose plan PostgreSQL keeps). Ids that do not exist are absent.
 */
export async function selectTransactionDetails(db: Executor, ids: readonly number[]): Promise<Map<number, DetailRow>> {
  return runDetailStatement(db, detailStatement(db, 'ids'), ids);
}

import { type HistoryEntity, historyRecordShape } from '@lm/domain';
import { type RawBuilder, sql } from 'kysely';
import { bindListResource } from '../platform/list-query';

/**
 * The audit records (platform/audit) as a list, newest first, with the actor's name. Paging
 * only: the route offers no filter, sort or select, so the index on (object_type, object_id,
 * occurred_at desc, id desc) serves every page.
 */
export const historyResource = bindListResource(historyRecordShape, {
  name: 'history',
  from: 'audit_log a left join users u on u.id = a.actor_user_id',
  fields: {
    id: 'a.id',
    occurredAt: 'a.occurred_at',
    actorUserId: 'a.actor_user_id',
    actorName: { sql: "nullif(trim(u.first_name || ' ' || u.last_name), '')", filter: false, sort: false },
    actorEmail: { sql: 'u.email', filter: false, sort: false },
    method: 'a.method',
    route: 'a.route',
    objectType: "coalesce(a.object_type, '')",
    objectId: 'a.object_id',
    before: { sql: 'a.before::text', filter: false, sort: false },
    after: { sql: 'a.after::text', filter: false, sort: false },
  },
  defaultOrderBy: 'occurredAt desc,id desc',
});

/**
 * The records of one subject: the subject's own, and those of the rows that belong to it (a
 * loan's investments and loan transactions and its scheduled status moves; an account's bank
 * accounts, transactions and withdrawal requests; a transaction's withdrawal request, the other
 * rows of its ledger entry (both sides of a transfer) and the row it reverses; an investor's user).
 */
export function historyWhere(entity: HistoryEntity, id: number): RawBuilder<unknown> {
  const key = String(id);
  switch (entity) {
    case 'loans':
      return sql`(
        (a.object_type in ('loan', 'loanPayout', 'loanAutoInvest') and a.object_id = ${key})
        or (a.object_type = 'investment'
            and a.object_id in (select i.id::text from investments i where i.loan_id = ${id}))
        or (a.object_type = 'loanTransaction'
            and a.object_id in (select lt.id::text from loan_transactions lt where lt.loan_id = ${id}))
        or (a.object_type = 'loans' and a.object_id is null
            and (a.after @> jsonb_build_array(jsonb_build_object('id', ${id}::bigint))
                 or a.after @> jsonb_build_array(jsonb_build_object('id', ${key}::text)))))`;
    case 'investmentAccounts':
      return sql`(
        (a.object_type = 'investmentAccount' and a.object_id = ${key})
        or (a.object_type = 'bankAccount'
            and a.object_id in (select b.id::text from bank_accounts b where b.investment_account_id = ${id}))
        or (a.object_type = 'accountTransaction'
            and a.object_id in (select t.id::text from account_transactions t where t.investment_account_id = ${id}))
        or (a.object_type = 'withdrawalRequest'
            and a.object_id in (select w.id::text from withdrawal_requests w where w.investment_account_id = ${id})))`;
    case 'transactions':
      return sql`(
        (a.object_type = 'accountTransaction' and a.object_id in (
          select ${key}::text
          union select s.id::text from account_transactions t
            join account_transactions s on s.ledger_entry_id = t.ledger_entry_id where t.id = ${id}
          union select t.reverses_transaction_id::text from account_transactions t
            where t.id = ${id} and t.reverses_transaction_id is not null))
        or (a.object_type = 'withdrawalRequest' and a.object_id = (
          select t.withdrawal_request_id::text from account_transactions t where t.id = ${id})))`;
    case 'investors':
      return sql`(
        (a.object_type = 'user' and a.object_id = (select i.user_id::text from investors i where i.id = ${id}))
        or (a.object_type = 'investor' and a.object_id = ${key}))`;
    case 'investmentGroups':
      return sql`(a.object_type = 'investmentGroup' and a.object_id = ${key})`;
    case 'clients':
      return sql`(a.object_type = 'client' and a.object_id = ${key})`;
  }
}

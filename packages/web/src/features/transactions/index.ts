/** The transactions feature's public face: transaction columns and the detail layout other money screens reuse. */
export { type DetailField, DetailSection } from './detail-fields';
export { idempotencyHeaders, newIdempotencyKey } from './idempotency-key';
export {
  staffTransactionColumns,
  statusColumn,
  type TransactionRowBase,
  typeColumn,
} from './transaction-columns';
export { type StaffTransactionRow, transactionsList } from './transactions-list';

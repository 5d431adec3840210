// Account transactions (investor-and-admin §3 "Transaction", §7): what other features may use.
export { deleteTransaction } from './delete-transaction';
export { transactionRoutes } from './transactions.routes';
export { listTransactions, postWithViews, transactionView, transactionViews } from './transactions.service';
export { readTransaction, updateTransaction } from './update-transaction';

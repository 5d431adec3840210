// Withdrawals (investor-and-admin §4, §5, §7): what other features may use. Transactions decide
// verified requests through the request moves here; withdrawals never import transactions.
export { lodgeWithdrawal, withdrawalCodeSalt, withdrawRequestsPerAccount } from './lodge-withdrawal';
export {
  expiredRequestsPerSweepMax,
  releaseExpiredRequests,
  releaseExpiredWithdrawalsJob,
} from './release-expired-requests';
export { recordVerified, verifyWithdrawal, withdrawalCodeFailuresPerUser } from './verify-withdrawal';
export { cancelRequest, lockRequest, payRequest, type WithdrawalRequestRow } from './withdrawal-requests';
export { withdrawalRoutes } from './withdrawals.routes';

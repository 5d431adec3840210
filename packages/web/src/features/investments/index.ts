/** The investments feature's public face: the investing calls other screens (loans, marketplace) make. */
export {
  type LoanInvestmentRow,
  type LoanTopUpRow,
  useAutoInvest,
  useDeployLoan,
  useInvestOnePercent,
  useInvestorInvest,
  useManagementInvest,
  useReverseInvestment,
} from './investments-api';

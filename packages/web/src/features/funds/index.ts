/** The funds feature's public face: the Profile's Deposit Funds and Withdraw Funds tabs. */
export { DepositFundsTab } from './deposit-funds-tab';
export { WithdrawFundsTab } from './withdraw-funds-tab';

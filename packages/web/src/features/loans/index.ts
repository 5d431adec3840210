/** The loans feature's public face: the loan lists (the dashboard links to /loans filtered), the management invest dialog and the record layout. */
export { type InfoItem, InfoSection } from './info-grid';
export { type InvestableLoan, ManagementInvestDialog } from './loan-dialogs';
export { clientLoansList, type LoanRow, labelOf, loansList } from './loans-api';

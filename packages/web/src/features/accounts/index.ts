/** The accounts feature's public face: the investor's own accounts, for the Profile's money tabs. */
export { type OwnAccount, ownAccountsKey, ownAccountsQuery, portfolioSummaryKey } from './accounts-api';

export { investorRoutes } from './investors.routes';
export { type InvestorAccountRow, type InvestorRow, listInvestors } from './investors.service';
export { accountsOfGroup, investmentAccountsList, investorGroupsList, investorsOfGroup } from './people.resources';
export { pickDefined } from './pick-defined';

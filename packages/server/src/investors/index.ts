export { investorRoutes } from './investors.routes';
export { listInvestors } from './investors.service';
export { groupMembership, investmentAccountsList, investorGroupsList } from './people.lists';
export { pickDefined } from './pick-defined';

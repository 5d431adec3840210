export { changedFields } from './changed-fields';
export { InfoGrid, type InfoItem } from './info-grid';
export {
  groupInvestorsList,
  type InvestmentAccountRow,
  investmentAccountColumns,
  investorColumns,
} from './investors-api';

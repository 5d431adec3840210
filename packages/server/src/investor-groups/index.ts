export { investorGroupRoutes } from './investor-groups.routes';

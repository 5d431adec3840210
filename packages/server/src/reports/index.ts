// Reports (investor-and-admin §2 "Reports"): what other features may use.
export { reportRoutes } from './reports.routes';

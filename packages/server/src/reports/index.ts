// Reports (investor-and-admin §2 "Reports"): what other features may use.
export { reportJob } from './report-job';
export { reportRoutes } from './reports.routes';

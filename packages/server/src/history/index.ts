/** The change history of records (the History tab), read from the audit records. */
export { historyRoutes } from './history.routes';

export { repaymentRoutes } from './repayments.routes';

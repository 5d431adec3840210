export { staffRoutes } from './staff.routes';

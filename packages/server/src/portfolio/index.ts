export { portfolioRoutes } from './portfolio.routes';

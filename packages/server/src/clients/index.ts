/** The clients feature as other features use it. */

export { clientsRoutes } from './clients.routes';
export { clientForLoan, createClient } from './clients.service';

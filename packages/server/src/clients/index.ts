export { clientForLoan } from './clients.service';

/** The portfolio feature's public face: the link the dashboard's 'Investments in Arrears' strip opens. */
export { portfolioArrearsHref } from './portfolio-api';

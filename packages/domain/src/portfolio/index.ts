// The portfolio feature's contracts and rules (docs/decisions/006-one-contract.md).
export * from './portfolio';
export * from './portfolio.contract';
export * from './portfolio-statistics';
export * from './portfolio-statistics-schemas';

// The loans feature's contracts and rules (docs/decisions/006-one-contract.md).
export * from './loan-actions';
export * from './loan-enums';
export * from './loan-funding';
export * from './loan-limits';
export * from './loan-messages';
export * from './loan-schemas';
export * from './loan-states';
export * from './loan-statistics-access';
export * from './loans.contract';
export * from './mandate';
export * from './schedule';
export * from './sydney-instants';

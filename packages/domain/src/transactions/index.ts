// The transactions feature's contracts and rules (docs/decisions/006-one-contract.md).

export * from './transaction-actions';
export * from './transaction-types';
export * from './transactions.contract';

// The investments feature's contracts and rules (docs/decisions/006-one-contract.md).
export * from './investments.contract';
export * from './sale';
export * from './sale.contract';
export * from './sale-messages';

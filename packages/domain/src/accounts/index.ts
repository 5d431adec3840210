// The accounts feature's contracts and rules (docs/decisions/006-one-contract.md).
export * from './account-rules';
export * from './account-schemas';
export * from './accounts.contract';

// The withdrawals feature's contracts and rules (docs/decisions/006-one-contract.md).
export * from './funds-texts';
export * from './withdrawal-requests';
export * from './withdrawals.contract';

// The staff feature's contracts and rules (docs/decisions/006-one-contract.md).
export * from './staff';
export * from './staff.contract';

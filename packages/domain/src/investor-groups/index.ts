// The investor-groups feature's contracts and rules (docs/decisions/006-one-contract.md).

export * from './investor-group-schemas';
export * from './investor-groups';
export * from './investor-groups.contract';

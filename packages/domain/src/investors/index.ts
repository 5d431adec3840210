// The investors feature's contracts and rules (docs/decisions/006-one-contract.md).
export * from './investors.contract';
export * from './people';
export * from './people-schemas';

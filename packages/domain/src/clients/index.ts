// The clients feature's contracts and rules (docs/decisions/006-one-contract.md).
export * from './clients.contract';

// The session feature's contracts and rules (docs/decisions/006-one-contract.md).
export * from './password';
export * from './session.contract';
export * from './session-messages';

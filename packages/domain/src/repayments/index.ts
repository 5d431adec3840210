// The repayments feature's contracts and rules (docs/decisions/006-one-contract.md).
export * from './fractionalise';
export * from './receipt-upload';
export * from './repayment-schemas';
export * from './repayments';
export * from './repayments.contract';

// Repayments (receipts, fractionalising, excess): what other features, the seed and tests may use.
export { fractionaliseRepayments } from './fractionalise-repayments';
export { type PublishResult, publishReceipts, type Receipt } from './publish-receipts';
export { repaymentRoutes } from './repayments.routes';

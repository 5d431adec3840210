// The onboarding feature's form engine, application definition, validators and contract.
export * from './form-engine';
export * from './onboarding.contract';
export * from './onboarding-messages';
export * from './tax-identifiers';

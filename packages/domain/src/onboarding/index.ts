// The onboarding feature's form engine, application definition, validators and contract.

export * from './application-submission';
export * from './form-engine';
export * from './investor-application';
export * from './onboarding.contract';
export * from './onboarding-messages';
export * from './sample-applications';
export * from './tax-identifiers';

// Investor onboarding (investor-and-admin §2, §3, §7): what other features may use.
export { refuseExpiredCertificate } from './investing-eligibility';
export { onboardingRoutes } from './onboarding.routes';

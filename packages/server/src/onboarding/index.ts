// Investor onboarding (investor-and-admin §2, §3, §7): what other features may use.
export { onboardingRoutes } from './onboarding.routes';

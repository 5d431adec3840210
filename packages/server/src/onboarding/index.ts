// Investor onboarding (investor-and-admin §2, §3, §7): what other features may use.
export { certificateExpiryNoticeJob } from './certificate-expiry-notices';
export { refuseExpiredCertificate } from './investing-eligibility';
export { onboardingRoutes } from './onboarding.routes';
export { staleUploadsJob } from './stale-uploads-job';

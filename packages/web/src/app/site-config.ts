/**
 * The lender's public identity shown in the footer. Set at build time through Vite variables
 * (VITE_COMPANY_NAME, VITE_PUBLIC_SITE_URL, VITE_SUPPORT_PHONE, VITE_LINKEDIN_URL,
 * VITE_FACEBOOK_URL); the defaults are the demo identity the rest of the product uses
 * (lending-marketplace.example, the mail sender's domain) and an ACMA number reserved for
 * fictitious use.
 */
const env = import.meta.env;

const publicSiteUrl = (env.VITE_PUBLIC_SITE_URL ?? 'https://www.lending-marketplace.example').replace(/\/$/, '');

export const siteConfig = {
  companyName: env.VITE_COMPANY_NAME ?? 'Lending Marketplace Pty Ltd',
  publicSiteUrl,
  supportPhone: env.VITE_SUPPORT_PHONE ?? '1300 975 707',
  supportHours: '8:30am-5:30pm Monday to Friday AEST',
  linkedInUrl: env.VITE_LINKEDIN_URL ?? 'https://www.linkedin.com/',
  facebookUrl: env.VITE_FACEBOOK_URL ?? 'https://www.facebook.com/',
  walkthroughVideoUrl: env.VITE_WALKTHROUGH_VIDEO_URL ?? '',
} as const;

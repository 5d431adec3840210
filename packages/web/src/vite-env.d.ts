/// <reference types="vite/client" />

interface ImportMetaEnv {
  readonly VITE_COMPANY_NAME?: string;
  readonly VITE_PUBLIC_SITE_URL?: string;
  readonly VITE_SUPPORT_PHONE?: string;
  readonly VITE_LINKEDIN_URL?: string;
  readonly VITE_FACEBOOK_URL?: string;
  readonly VITE_WALKTHROUGH_VIDEO_URL?: string;
}

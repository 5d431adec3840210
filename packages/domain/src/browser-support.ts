/**
 * Browsers the application does not run in (spec core §2.2, investor-and-admin §2 "Other pages"):
 * Internet Explorer (MSIE, Trident) and Edge (EdgeHTML 'Edge/', Chromium 'Edg/') get the
 * unsupported-browser page, Chrome recommended. One rule and one text for the web app's page, the
 * page the server answers to such a browser, and the no-module fallback of index.html.
 */

export const productName = 'Lending Marketplace';

export function isUnsupportedBrowser(userAgent: string): boolean {
  return /MSIE |Trident\/|Edge?\/|EdgA\/|EdgiOS\//.test(userAgent);
}

export const unsupportedBrowserTexts = {
  title: 'Unsupported browser',
  notSupported: `${productName} does not support Internet Explorer or Microsoft Edge.`,
  recommendBefore: 'We recommend',
  chrome: 'Google Chrome',
  chromeUrl: 'https://www.google.com/chrome/',
  recommendAfter: '. Please open this page in Chrome to continue.',
} as const;

/** Where the page lives as plain HTML: the web app's no-module script sends browsers there. */
export const unsupportedBrowserPath = '/unsupported-browser';

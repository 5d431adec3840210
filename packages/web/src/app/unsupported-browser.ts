/** Internet Explorer (MSIE, Trident) and Edge (EdgeHTML 'Edge/', Chromium 'Edg/') get the unsupported-browser page. */
export function isUnsupportedBrowser(userAgent: string): boolean {
  return /MSIE |Trident\/|Edge?\/|EdgA\/|EdgiOS\//.test(userAgent);
}

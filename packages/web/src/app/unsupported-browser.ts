/** The rule lives in the domain: the server answers such browsers with the same page. */
export { isUnsupportedBrowser } from '@lm/domain';

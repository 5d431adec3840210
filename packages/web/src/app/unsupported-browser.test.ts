import { describe, expect, it } from 'vitest';
import { isUnsupportedBrowser } from './unsupported-browser';

describe('unsupported browsers', () => {
  it('refuses Internet Explorer and Edge, not Chrome or Firefox', () => {
    expect(isUnsupportedBrowser('Mozilla/5.0 (Windows NT 10.0; WOW64; Trident/7.0; rv:11.0) like Gecko')).toBe(true);
    expect(isUnsupportedBrowser('Mozilla/4.0 (compatible; MSIE 8.0; Windows NT 6.1)')).toBe(true);
    expect(
      isUnsupportedBrowser(
        'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36 Edg/120.0.0.0',
      ),
    ).toBe(true);
    expect(
      isUnsupportedBrowser(
        'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/70.0 Safari/537.36 Edge/18.17763',
      ),
    ).toBe(true);
    expect(
      isUnsupportedBrowser(
        'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36',
      ),
    ).toBe(false);
    expect(isUnsupportedBrowser('Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0')).toBe(false);
  });
});

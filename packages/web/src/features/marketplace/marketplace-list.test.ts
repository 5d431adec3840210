import { describe, expect, it } from 'vitest';
import { marketplaceList, marketplaceMark } from './marketplace-api';

describe('the marketplace list', () => {
  it('marks Locked loans in a Status column, and nothing on loans open to invest', () => {
    const status = marketplaceList.columns.find((c) => c.field === 'marketplaceStatus');
    expect(status?.header).toBe('Status');
    expect(status?.value?.({ marketplaceStatus: 'LOCKED' } as never)).toBe('Locked');
    expect(status?.value?.({ marketplaceStatus: 'VISIBLE' } as never)).toBe('');
    expect(marketplaceMark({ marketplaceStatus: 'LOCKED' })).toBe('Locked');
  });
});

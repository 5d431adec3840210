import { Role } from '@lm/domain';
import { describe, expect, it } from 'vitest';
import { profileTabOf, profileTabsFor } from './profile-tabs';

describe('profile tabs', () => {
  it('shows Deposit and Withdraw to the investor roles only', () => {
    expect(profileTabsFor(Role.INVESTOR).map((t) => t.label)).toEqual([
      'Profile',
      'Deposit Funds',
      'Withdraw Funds',
      'Change Password',
    ]);
    expect(profileTabsFor(Role.INVESTOR_READ_ONLY).map((t) => t.label)).toEqual([
      'Profile',
      'Deposit Funds',
      'Withdraw Funds',
      'Change Password',
    ]);
    for (const role of [Role.MANAGEMENT, Role.SUPPORT, Role.AUDITOR]) {
      expect(profileTabsFor(role).map((t) => t.label)).toEqual(['Profile', 'Change Password']);
    }
  });

  it('opens the Profile tab for a tab the role may not see', () => {
    expect(profileTabOf('deposit', Role.MANAGEMENT).slug).toBe('details');
    expect(profileTabOf('deposit', Role.INVESTOR).slug).toBe('deposit');
    expect(profileTabOf(undefined, Role.AUDITOR).slug).toBe('details');
  });
});

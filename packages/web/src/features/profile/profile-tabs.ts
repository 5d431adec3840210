import { allRoles, investorRoles, type Role } from '@lm/domain';

/**
 * The tabs of /profile/:tab (investor-and-admin §2 Profile): Profile and Change Password for
 * every role, Deposit Funds and Withdraw Funds for the investor roles only.
 */
export interface ProfileTab {
  slug: string;
  label: string;
  roles: readonly Role[];
}

export const profileTabs: readonly ProfileTab[] = [
  { slug: 'details', label: 'Profile', roles: allRoles },
  { slug: 'deposit', label: 'Deposit Funds', roles: investorRoles },
  { slug: 'withdraw', label: 'Withdraw Funds', roles: investorRoles },
  { slug: 'change-password', label: 'Change Password', roles: allRoles },
];

export function profileTabsFor(role: Role): ProfileTab[] {
  return profileTabs.filter((tab) => tab.roles.includes(role));
}

/** The tab a URL opens: its own when the role may see it, the Profile tab otherwise. */
export function profileTabOf(slug: string | undefined, role: Role): ProfileTab {
  const visible = profileTabsFor(role);
  return visible.find((tab) => tab.slug === slug) ?? (visible[0] as ProfileTab);
}

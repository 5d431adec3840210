/** The demo users of the contract (DESIGN §1). */
export const demoPassword = 'Demo-Passw0rd!';

export const demoUsers = {
  management: { email: 'admin@example.com', role: 'MANAGEMENT', name: 'Alex Admin' },
  support: { email: 'support@example.com', role: 'SUPPORT', name: 'Sam Support' },
  auditor: { email: 'auditor@example.com', role: 'AUDITOR', name: 'Audrey Auditor' },
  investor: { email: 'investor@example.com', role: 'INVESTOR', name: 'Ivy Investor' },
  readOnly: { email: 'readonly@example.com', role: 'INVESTOR_READ_ONLY', name: 'Reid Readonly' },
} as const;

export type DemoUser = keyof typeof demoUsers;

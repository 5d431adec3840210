/** The staff list shows these types only (investor-and-admin §2, Staff). */
export const staffListTypes = ['MANAGEMENT', 'SUPPORT'] as const;

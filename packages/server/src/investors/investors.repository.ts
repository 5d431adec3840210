/** The columns of the specification's user entity (investor-and-admin §3, Investor.user). */
export const userViewColumns = [
  'users.id',
  'users.type',
  'users.email',
  'users.firstName',
  'users.middleName',
  'users.lastName',
  'users.homePhone',
  'users.mobileNumber1',
  'users.mobileNumber2',
  'users.status',
  'users.thirdPartyId',
  'users.notes',
] as const;

/** The columns of the specification's investor entity (investor-and-admin §3, Investor). */
export const investorColumns = [
  'investors.id',
  'investors.userId',
  'investors.taxFileNumber',
  'investors.addressStreetNumber',
  'investors.addressStreetName',
  'investors.addressSuburb',
  'investors.addressState',
  'investors.addressPostcode',
  'investors.addressCountry',
  'investors.addressType',
  'investors.investorType',
  'investors.accreditedDate',
  'investors.accreditationLevel',
  'investors.createdAt',
] as const;

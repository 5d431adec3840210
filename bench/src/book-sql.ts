/**
 * SQL building blocks of the generated book. Every value here is derived from a row number by a
 * fixed hash, so each table can be generated on its own (in chunks, set-based) and still agree
 * with every other table: investment j of loan n, the account it belongs to, its amount, its
 * share of each repayment and the ids of its ledger entry and account transaction are all
 * functions of (n, j) and the id bases reserved before the load.
 *
 * Only numbers and SQL written here are interpolated; nothing comes from a user.
 */

/** A deterministic pseudo-random non-negative bigint of a row number (Knuth's multiplicative hash, high bits). */
export function hash(expression: string, salt: number): string {
  return `((((${expression})::bigint * 2654435761 + ${salt * 1_013_904_223}) % 4294967296) / 8192)`;
}

/** hash(expression, salt) mod `modulus`, as an int. */
export function pick(expression: string, salt: number, modulus: number): string {
  return `((${hash(expression, salt)} % ${modulus})::int)`;
}

/** One element of a literal list, chosen by hash. */
export function pickFrom(values: readonly (string | number)[], expression: string, salt: number): string {
  const literals = values.map((v) => (typeof v === 'number' ? String(v) : `'${v.replaceAll("'", "''")}'`));
  return `(array[${literals.join(', ')}])[1 + ${pick(expression, salt, values.length)}]`;
}

/** An instant at a wall-clock time of a Sydney business date (date arithmetic stays in SQL). */
export function sydneyAt(dateExpression: string, time: string): string {
  return `(((${dateExpression})::date + time '${time}') at time zone 'Australia/Sydney')`;
}

/** Due date of repayment r (0-based) of a loan whose schedule starts at l.sched0: one month apart. */
export function dueDate(loan: string, r: string): string {
  return `(${loan}.sched0 + make_interval(months => (${r})::int + 1))::date`;
}

/**
 * Every amount is a whole number of $36 units (3,600 cents), and every term divides 3,600, so a
 * loan's principal instalment (amount / term) and each investment's piece of it (invested / term)
 * are exact cents: the pieces sum to the instalment with no rounding at all.
 */
export const unitCents = 3600;
export const termsInMonths = [6, 12, 18, 24] as const;
export const closedLoanTermMonths = 6;

/** Principal instalment of a loan (dollars, exact). */
export function principalInstalment(loan: string): string {
  return `((${unitCents} * ${loan}.u_total / ${loan}.m)::numeric / 100)`;
}

/** Interest of repayment r: the balance before it at the base rate for one month, half-up to the cent. */
export function interestOfRepayment(loan: string, r: string): string {
  return `round((36 * ${loan}.u_total * (${loan}.m - (${r})))::numeric * ${loan}.base_rate / (${loan}.m * 1200), 2)`;
}

/**
 * A holder's interest (DOMAIN.md "Fractionalising a repayment"): interestPaid x share x
 * min(rate, base) / base, half-up to the cent; share = its units / the loan's units (every holder
 * invests at the marketplace rate, below the base rate, so the min is the holder's rate).
 */
export function holderInterest(interest: string, units: string, loan: string): string {
  return `round(${interest} * ${units} * ${loan}.mp_rate / (${loan}.u_total * ${loan}.base_rate), 2)`;
}

/** 10% withholding tax on a foreign holder's interest, half-up to the cent. */
export function withholdingTax(holderInterestSql: string, isForeign: string): string {
  return `(case when ${isForeign} then round(${holderInterestSql} * 0.10, 2) else 0 end)`;
}

/** A generated account (0-based index) is foreign when its index is 7 mod 20 (5% of accounts). */
export function isForeignAccount(accountIndex: string): string {
  return `((${accountIndex}) % 20 = 7)`;
}

/** A generated account holds a mandate (rate above every base rate) when its index is 11 mod 20. */
export function hasMandate(accountIndex: string): string {
  return `((${accountIndex}) % 20 = 11)`;
}

export const firstNames = [
  'Olivia',
  'Jack',
  'Charlotte',
  'William',
  'Amelia',
  'Noah',
  'Isla',
  'Oliver',
  'Mia',
  'Henry',
  'Ava',
  'Leo',
  'Grace',
  'Thomas',
  'Chloe',
  'Lucas',
  'Zoe',
  'James',
  'Ruby',
  'Ethan',
  'Sophie',
  'Liam',
  'Harper',
  'Mason',
  'Ella',
  'Archie',
  'Matilda',
  'Hudson',
  'Evie',
  'Lachlan',
  'Priya',
  'Wei',
  'Anh',
  'Mohammed',
  'Giulia',
  'Nikos',
] as const;

export const lastNames = [
  'Smith',
  'Jones',
  'Williams',
  'Brown',
  'Wilson',
  'Taylor',
  'Nguyen',
  'Johnson',
  'Martin',
  'White',
  'Anderson',
  'Walker',
  'Thompson',
  'Thomas',
  'Lee',
  'Ryan',
  'Kelly',
  'King',
  'Harris',
  'Robinson',
  'Clarke',
  'Campbell',
  'Mitchell',
  'Young',
  'Hughes',
  'Patel',
  'Chen',
  'Wang',
  'Singh',
  'Papadopoulos',
  'Rossi',
  "O'Brien",
  'McDonald',
  'Murphy',
  'Scott',
  'Morris',
  'Baker',
  'Hall',
  'Wood',
  'Green',
] as const;

export const businessWords = [
  'Harbour',
  'Southern Cross',
  'Eucalypt',
  'Coastal',
  'Outback',
  'Riverina',
  'Bluegum',
  'Red Centre',
  'Coral',
  'Summit',
  'Ironbark',
  'Banksia',
  'Wattle',
  'Kestrel',
  'Pioneer',
  'Granite',
  'Tasman',
  'Murray',
  'Sunrise',
  'Meridian',
] as const;

export const businessKinds = [
  'Logistics',
  'Constructions',
  'Dental',
  'Foods',
  'Engineering',
  'Plumbing',
  'Electrical',
  'Hospitality',
  'Freight',
  'Motors',
  'Medical',
  'Agri',
  'Timber',
  'Fitness',
  'Print',
  'Joinery',
] as const;

export const loanPurposes = [
  'Working capital',
  'Equipment purchase',
  'Vehicle fleet',
  'Inventory',
  'Refinance',
  'Premises fit-out',
  'Expansion',
  'Tax liability',
] as const;

/** Suburb, state and postcode together so an address is coherent. */
export const places = [
  ['Parramatta', 'NSW', '2150'],
  ['Newcastle', 'NSW', '2300'],
  ['Wollongong', 'NSW', '2500'],
  ['Richmond', 'VIC', '3121'],
  ['Geelong', 'VIC', '3220'],
  ['Ballarat', 'VIC', '3350'],
  ['Fortitude Valley', 'QLD', '4006'],
  ['Townsville', 'QLD', '4810'],
  ['Southport', 'QLD', '4215'],
  ['Fremantle', 'WA', '6160'],
  ['Joondalup', 'WA', '6027'],
  ['Glenelg', 'SA', '5045'],
  ['Hobart', 'TAS', '7000'],
  ['Darwin', 'NT', '0800'],
  ['Braddon', 'ACT', '2612'],
] as const;

export const streetNames = [
  'George Street',
  'Collins Street',
  'Queen Street',
  'Hay Street',
  'King William Street',
  'Elizabeth Street',
  'Pitt Street',
  'Bourke Street',
  'Adelaide Street',
  'Murray Street',
  'Victoria Road',
  'Church Street',
] as const;

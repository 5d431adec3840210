import { formatCents, formatDate, formatDateTime, formatMoney, formatPercent } from '../format';
import {
  interestCalculationMethodLabels,
  interestTypeLabels,
  loanStatusLabels,
  marketplaceStatusLabels,
  setupStatusLabels,
  termPeriodUnitLabels,
} from '../loans/loan-enums';
import { transactionStatusLabels, transactionTypeLabels } from '../transactions/transaction-types';
import type { HistoryFieldChange } from './history.contract';

/**
 * How an audit record's before and after read as a list of field changes (the History tab), and
 * how each field and value reads for people: labels, money as money, instants in Sydney time.
 */

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (a === null || b === null || typeof a !== 'object' || typeof b !== 'object') return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const ka = Object.keys(a as object);
  const kb = Object.keys(b as object);
  if (ka.length !== kb.length) return false;
  return ka.every((k) => sameJson((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]));
}

/**
 * The fields that differ between before and after, in the order the record names them (after's
 * fields first). A field absent on one side is null there; a field empty on both sides is left
 * out. A record whose before or after is not an object is one change of field ''.
 */
export function auditChanges(before: unknown, after: unknown): HistoryFieldChange[] {
  const b = before ?? null;
  const a = after ?? null;
  if ((b !== null && !isPlainObject(b)) || (a !== null && !isPlainObject(a))) {
    return sameJson(b, a) ? [] : [{ field: '', before: b, after: a }];
  }
  const beforeFields = b ?? {};
  const afterFields = a ?? {};
  const names = [...new Set([...Object.keys(afterFields), ...Object.keys(beforeFields)])];
  const changes: HistoryFieldChange[] = [];
  for (const field of names) {
    const was = beforeFields[field] ?? null;
    const now = afterFields[field] ?? null;
    if (sameJson(was, now)) continue;
    changes.push({ field, before: was, after: now });
  }
  return changes;
}

/**
 * The changes as the History tab lists them: a record that holds an amount both in dollars and in
 * cents (a deposit's) shows it once.
 */
export function historyDisplayedChanges(changes: readonly HistoryFieldChange[]): HistoryFieldChange[] {
  const fields = new Set(changes.map((change) => change.field));
  return changes.filter((change) => !(change.field === 'amountCents' && fields.has('amount')));
}

/** Labels that the general rule (camelCase to words) would get wrong or leave unclear. */
const fieldLabels: Readonly<Record<string, string>> = {
  '': 'Value',
  id: 'ID',
  amountCents: 'Amount',
  comment: 'Comment',
  investorComment: 'Investor Comment',
  organisationComment: 'Organisation Comment',
  reversalTransactionId: 'Reversed By Transaction',
  reversalTransactionIds: 'Reversal Transactions',
  reversesTransactionId: 'Reverses Transaction',
  ledgerEntryId: 'Ledger Entry',
  transactionIds: 'Transactions',
  baseInterestRate: 'Maximum Interest Rate',
  interestCalculationMethod: 'Loan Type',
  mobileNumber1: 'Mobile Number 1',
  mobileNumber2: 'Mobile Number 2',
  abn: 'ABN',
  acn: 'ACN',
  bsbNumber: 'BSB Number',
  bpayBillerCode: 'BPAY Biller Code',
  bpayReferenceNumber: 'BPAY Reference Number',
  isForeign: 'Foreign',
  passwordChanged: 'Password Changed',
  passwordReset: 'Password Reset',
  codeSent: 'Code Sent',
  toAccount: 'To Account',
  fromAccountId: 'From Account',
};

/** A field's label: 'investorComment' -> 'Investor Comment', 'loanId' -> 'Loan ID'. */
export function historyFieldLabel(field: string): string {
  const known = fieldLabels[field];
  if (known !== undefined) return known;
  const words = field
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .split(/[\s_.]+/)
    .filter(Boolean)
    .map((word) => (word.toLowerCase() === 'id' ? 'ID' : word.charAt(0).toUpperCase() + word.slice(1)));
  return words.join(' ');
}

type ValueKind = 'money' | 'cents' | 'rate' | 'date' | 'text';

/** A record whose `amount` holds cents (the withdrawal request records its amount in cents). */
const centsAmountTypes = new Set(['withdrawalRequest']);

function kindOf(objectType: string, field: string): ValueKind {
  if (field.endsWith('Cents') || (field === 'amount' && centsAmountTypes.has(objectType))) return 'cents';
  if (/(^amount$|Amount$|Balance$|Remaining$|Outstanding$|Repaid$|WrittenOff$|Due$|Paid$)/.test(field)) return 'money';
  if (/(Rate$|^rate$)/.test(field)) return 'rate';
  if (/(Date$|At$|^date$)/.test(field)) return 'date';
  return 'text';
}

const statusLabels: Readonly<Record<string, string>> = {
  ...interestTypeLabels,
  ...interestCalculationMethodLabels,
  ...termPeriodUnitLabels,
  ...marketplaceStatusLabels,
  ...setupStatusLabels,
  ...transactionStatusLabels,
  ...loanStatusLabels,
  UNVERIFIED: 'Unverified',
  VERIFIED: 'Verified',
  DELETED: 'Deleted',
};

const empty = '—';

function textOf(value: unknown): string {
  if (value === null || value === undefined || value === '') return empty;
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (Array.isArray(value)) {
    if (value.every((v) => typeof v === 'number' || typeof v === 'string')) return value.join(', ');
    return `${value.length} ${value.length === 1 ? 'item' : 'items'}`;
  }
  if (typeof value === 'object') {
    const fields = Object.entries(value as Record<string, unknown>).filter(([, v]) => v !== null && v !== undefined);
    return fields.length === 0 ? empty : `${fields.length} ${fields.length === 1 ? 'field' : 'fields'}`;
  }
  return String(value);
}

const numericText = /^-?\d+(\.\d+)?$/;

/** One value of a field as people read it: $1,234.56, 12.50%, 05/03/2027 10:00 am, 'Paid', '—'. */
export function formatHistoryValue(objectType: string, field: string, value: unknown): string {
  if (value === null || value === undefined || value === '') return empty;
  const kind = kindOf(objectType, field);
  const scalar = typeof value === 'number' || (typeof value === 'string' && numericText.test(value));
  if (kind === 'cents' && /^-?\d+$/.test(String(value))) return formatCents(BigInt(String(value)));
  if (kind === 'money' && scalar) return formatMoney(value as number | string);
  if (kind === 'rate' && scalar) return formatPercent(value as number | string);
  if (kind === 'date' && typeof value === 'string') {
    const shown = /^\d{4}-\d{2}-\d{2}$/.test(value) ? formatDate(value) : formatDateTime(value);
    if (shown !== '') return shown;
  }
  if (typeof value === 'string') {
    if (field === 'type') return (transactionTypeLabels as Readonly<Record<string, string>>)[value] ?? value;
    // an enumeration value: its label, else its words (IN_ARREARS -> In Arrears)
    if (/^[A-Z][A-Z0-9]*(_[A-Z0-9]+)*$/.test(value)) {
      const label = statusLabels[value];
      if (label !== undefined) return label;
      if (value.includes('_'))
        return value
          .toLowerCase()
          .replace(/(^|_)([a-z])/g, (_m, sep: string, c: string) => `${sep ? ' ' : ''}${c.toUpperCase()}`);
    }
  }
  return textOf(value);
}

/** What a record is about, for the History tab's "What" column. */
const objectTypeLabels: Readonly<Record<string, string>> = {
  loan: 'Loan',
  loanPayout: 'Loan payout',
  loanAutoInvest: 'Auto invest',
  investment: 'Investment',
  loanTransaction: 'Loan transaction',
  investmentAccount: 'Investment account',
  bankAccount: 'Bank account',
  accountTransaction: 'Transaction',
  withdrawalRequest: 'Withdrawal request',
  user: 'Investor details',
  investmentGroup: 'Investor group',
  client: 'Client',
};

export function historyObjectLabel(objectType: string, objectId: string | null): string {
  const label = objectTypeLabels[objectType] ?? historyFieldLabel(objectType);
  return objectId === null ? label : `${label} ${objectId}`;
}

/** The action of a record: 'Created', 'Changed', 'Deleted' or 'Reversed' from its method and fields. */
export function historyActionLabel(entry: { method: string; route: string; changes: readonly HistoryFieldChange[] }) {
  const fields = new Set(entry.changes.map((c) => c.field));
  if (entry.method === 'DELETE' && fields.has('reversalTransactionId')) return 'Reversed';
  if (entry.method === 'DELETE') return entry.changes.some((c) => c.after === 'CANCELLED') ? 'Cancelled' : 'Deleted';
  if (entry.method === 'SYSTEM') return 'System';
  if (entry.method === 'POST' && entry.changes.every((c) => c.before === null)) return 'Created';
  return 'Changed';
}

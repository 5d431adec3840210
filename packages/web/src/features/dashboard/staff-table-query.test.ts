import { loanStatisticsFieldOpenTo, Role } from '@lm/domain';
import { describe, expect, it } from 'vitest';
import { type StaffTableId, staffTableQuery } from './dashboard-api';

const tables: StaffTableId[] = ['status', 'arrears', 'expired', 'funded'];

/** The names a loan statistics query uses: its groupBy, $select, $filter and $orderby fields. */
function fieldsOf(query: Record<string, string>): string[] {
  const list = (text: string | undefined) => (text ?? '').split(',').map((n) => n.trim().split(' ')[0] ?? '');
  const filterFields = [...(query.$filter ?? '').matchAll(/([A-Za-z]+)\s+(?:eq|ne|gt|ge|lt|le)\s/g)].map((m) => m[1]);
  return [...list(query.groupBy), ...list(query.$select), ...list(query.$orderby), ...filterFields].filter(
    (n): n is string => Boolean(n),
  );
}

describe('the staff dashboard tables', () => {
  it.each([Role.SUPPORT, Role.AUDITOR])('ask %s only for fields its loan statistics are open to', (role) => {
    for (const table of tables) {
      const fields = fieldsOf(staffTableQuery(table, '2027-03-05'));
      expect(fields.length).toBeGreaterThan(1);
      for (const field of fields) expect(loanStatisticsFieldOpenTo(role, field), `${table}: ${field}`).toBe(true);
    }
  });
});

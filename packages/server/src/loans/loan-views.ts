import { loanMessages, notFound } from '@lm/domain';
import { sql } from 'kysely';
import type { Executor } from '../platform/db/database';
import { runList } from '../platform/list-query';
import { byId, loansResource, notDeleted } from './loans.resource';

/** One loan as GET api/loans shows it, with its details and client (what create and edit answer). */
export async function loanView(db: Executor, id: number): Promise<Record<string, unknown>> {
  const result = await runList(
    db,
    loansResource,
    { $expand: 'loanDetails,client' },
    { where: sql`${notDeleted} and ${byId(id)}` },
  );
  const row = result.rows[0];
  if (!row) throw notFound(loanMessages.loanNotFound);
  return row;
}

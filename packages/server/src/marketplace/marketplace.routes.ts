import { loanMessages, notFound } from '@lm/domain';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { applyScheduledLoanMoves, marketplaceResource, onMarketplace } from '../loans';
import type { AppContext } from '../platform/context';
import { idParam, ok } from '../platform/http/envelope';
import { runList } from '../platform/list-query';

/**
 * The marketplace (spec core §2.6; paths of DESIGN §1): the loans open for funding now, to every
 * role. Before reading, the moves time makes are applied (a loan whose window opened is in Funding,
 * one whose window closed short of its amount is Marketplace Funding Expired), so the list is right
 * whatever the clock says.
 */
export function marketplaceRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.get('/api/marketplace/loans', async (request) => {
    const now = ctx.clock.now();
    await applyScheduledLoanMoves(ctx.db, now);
    const result = await runList(ctx.db, marketplaceResource, request.query, { where: onMarketplace(now) });
    return ok(result.rows, { count: result.count });
  });

  /**
   * One marketplace loan with its details. A lookup by id must find exactly one loan on the
   * marketplace (spec core §5); otherwise 404 with the specification's text for it.
   */
  app.get('/api/marketplace/loans/:id', async (request) => {
    const id = idParam((request.params as { id: string }).id);
    const now = ctx.clock.now();
    await applyScheduledLoanMoves(ctx.db, now);
    const result = await runList(
      ctx.db,
      marketplaceResource,
      { $expand: 'loanDetails' },
      { where: sql`${onMarketplace(now)} and l.id = ${id}` },
    );
    const row = result.rows[0];
    if (!row) throw notFound(loanMessages.loanMalformed);
    return ok(row);
  });
}

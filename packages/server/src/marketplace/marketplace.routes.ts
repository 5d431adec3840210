import { loanMessages, marketplaceLoanListRoute, marketplaceLoanRoute, notFound } from '@lm/domain';
import type { FastifyInstance } from 'fastify';
import { findMarketplaceLoan, listMarketplaceLoans } from '../loans';
import type { AppContext } from '../platform/context';
import { ok } from '../platform/http/envelope';
import { routeRegistrar } from '../platform/http/register-route';

/**
 * The marketplace (spec core §2.6; paths of DESIGN §1): the loans open for funding now, to every
 * role. Nothing is written by a read: the status time gives a loan now (a window opened, or closed
 * short of the amount) is computed in the query, so the list is right whatever the clock says.
 */
export function marketplaceRoutes(app: FastifyInstance, ctx: AppContext): void {
  const route = routeRegistrar(app, ctx);

  route(marketplaceLoanListRoute, async ({ query }) => {
    const result = await listMarketplaceLoans(ctx.db, query, ctx.clock.now());
    return ok(result.rows, { count: result.count });
  });

  /**
   * One marketplace loan with its details. A lookup by id must find exactly one loan on the
   * marketplace (spec core §5); otherwise 404 with the specification's text for it.
   */
  route(marketplaceLoanRoute, async ({ params }) => {
    const row = await findMarketplaceLoan(ctx.db, params.id, ctx.clock.now());
    if (!row) throw notFound(loanMessages.loanMalformed);
    return ok(row);
  });
}

import {
  autoInvestBody,
  centsFromNumber,
  investorInvestBody,
  investorKindOf,
  loanMessages,
  managementInvestBody,
  normaliseInvestAmount,
} from '@lm/domain';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { assertOwnAccount } from '../accounts/account-access';
import { findLoan, validateWithMessages } from '../loans';
import { actorOf } from '../platform/access/access-plugin';
import type { AppContext } from '../platform/context';
import { idParam, ok } from '../platform/http/envelope';
import { withIdempotency } from '../platform/idempotency';
import { runList } from '../platform/list-query';
import { autoInvest } from './auto-invest';
import { deployLoan } from './deploy-loan';
import { investInLoan } from './invest-in-loan';
import { investOnePercent } from './invest-one-percent';
import { loanInvestmentsResource, loanTopUpsResource } from './investments.resource';
import { reverseInvestment } from './reverse-investment';

/** An amount as typed, in cents: rounded to the cent (spec core §5: amounts are rounded to 2 places). */
const typedCents = (amount: number) => centsFromNumber(amount, true);

/** Investing (spec core §7 "Investing"), deploy, reverse, and a loan's investments and mandate options. */
export function investmentsRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.post('/api/user/loans/:id/invest', async (request) => {
    const loanId = idParam((request.params as { id: string }).id);
    const body = validateWithMessages(investorInvestBody, request.body);
    const actor = actorOf(request);
    await assertOwnAccount(ctx.db, actor, body.investmentAccountId);
    return withIdempotency(ctx, request, async () =>
      ok(
        await investInLoan(
          ctx,
          loanId,
          {
            investmentAccountId: body.investmentAccountId,
            amountCents: normaliseInvestAmount(body.amount, investorKindOf(actor.role)),
            mode: { kind: 'INVESTOR', investorKind: investorKindOf(actor.role) },
            createdBy: actor.userId,
          },
          request.audit,
        ),
        { userMessage: loanMessages.investmentSuccessful },
      ),
    );
  });

  app.post('/api/loans/:id/invest', async (request) => {
    const loanId = idParam((request.params as { id: string }).id);
    const body = validateWithMessages(managementInvestBody, request.body);
    const actor = actorOf(request);
    return withIdempotency(ctx, request, async () =>
      ok(
        await investInLoan(
          ctx,
          loanId,
          {
            investmentAccountId: body.investmentAccountId,
            amountCents: typedCents(body.amount),
            mode: { kind: 'MANAGEMENT', rate: body.rate ?? null },
            createdBy: actor.userId,
          },
          request.audit,
        ),
        { userMessage: loanMessages.investmentSuccessful },
      ),
    );
  });

  app.post('/api/loans/:id/actions/investOnePercent', async (request) => {
    const loanId = idParam((request.params as { id: string }).id);
    const actor = actorOf(request);
    return withIdempotency(ctx, request, async () =>
      ok(await investOnePercent(ctx, loanId, actor.userId, request.audit), {
        userMessage: loanMessages.investmentSuccessful,
      }),
    );
  });

  app.post('/api/loans/:id/actions/autoInvest', async (request) => {
    const loanId = idParam((request.params as { id: string }).id);
    const body = validateWithMessages(autoInvestBody, request.body);
    const actor = actorOf(request);
    return withIdempotency(ctx, request, async () =>
      ok(await autoInvest(ctx, loanId, body.amount, actor.userId, request.audit), {
        userMessage: loanMessages.investmentSuccessful,
      }),
    );
  });

  app.post('/api/loans/:id/actions/deploy', async (request) => {
    const loanId = idParam((request.params as { id: string }).id);
    const actor = actorOf(request);
    return withIdempotency(ctx, request, async () =>
      ok(await deployLoan(ctx, loanId, actor.userId, request.audit), { userMessage: loanMessages.changesProcessed }),
    );
  });

  app.post('/api/investments/:id/reverse', async (request) => {
    const investmentId = idParam((request.params as { id: string }).id);
    return withIdempotency(ctx, request, async () =>
      ok(await reverseInvestment(ctx, investmentId, request.audit), { userMessage: loanMessages.reversalSuccessful }),
    );
  });

  app.get('/api/loans/:id/investments', async (request) => {
    const loanId = idParam((request.params as { id: string }).id);
    await findLoan(ctx.db, loanId);
    const result = await runList(ctx.db, loanInvestmentsResource, request.query, {
      where: sql`i.loan_id = ${loanId} and i.reversed_date is null`,
    });
    return ok(result.rows, { count: result.count });
  });

  app.get('/api/loans/:id/topUps', async (request) => {
    const loanId = idParam((request.params as { id: string }).id);
    await findLoan(ctx.db, loanId);
    const result = await runList(ctx.db, loanTopUpsResource, request.query, { where: sql`i.loan_id = ${loanId}` });
    return ok(result.rows, { count: result.count });
  });
}

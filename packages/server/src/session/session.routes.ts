import {
  authenticateJwtRoute,
  changePasswordRoute,
  confirmResetRoute,
  loginRoute,
  logoutRoute,
  refreshSessionRoute,
  resendConfirmationRoute,
  resetPasswordRoute,
  sessionMessages,
  userDetailsRoute,
} from '@lm/domain';
import type { FastifyInstance } from 'fastify';
import { actorOf } from '../platform/access/access-plugin';
import type { AppContext } from '../platform/context';
import { ok } from '../platform/http/envelope';
import { routeRegistrar } from '../platform/http/register-route';
import * as session from './session.service';

/** The session (spec core §4, investor-and-admin §4 and §5): login, tokens, profile, passwords. */
export function sessionRoutes(app: FastifyInstance, ctx: AppContext): void {
  const route = routeRegistrar(app, ctx);

  route(loginRoute, async ({ body }, request) => ok(await session.login(ctx, body.email, body.password, request.ip)));

  // the body is { refreshToken } or the bare token (text/plain): the contract reads both
  route(refreshSessionRoute, async ({ body }) => ok(await session.refresh(ctx, body.refreshToken)));

  route(logoutRoute, async ({ body }, request) => {
    await session.logout(ctx, actorOf(request), body.refreshToken);
    return ok(null);
  });

  route(authenticateJwtRoute, async (_input, request) =>
    ok({ authenticated: true as const, userId: actorOf(request).userId }),
  );

  route(userDetailsRoute, async (_input, request) => ok(await session.userDetails(ctx, actorOf(request))));

  route(changePasswordRoute, async ({ body }, request) => {
    await session.changePassword(ctx, actorOf(request), body.oldPassword, body.newPassword, request.audit);
    return ok(null, { userMessage: sessionMessages.passwordChanged });
  });

  route(resetPasswordRoute, async ({ body }, request) => {
    await session.sendCode(ctx, body.username, 'PASSWORD_RESET', request.ip, request.audit);
    return ok(null, { userMessage: sessionMessages.resetCodeSent });
  });

  route(confirmResetRoute, async ({ body }, request) => {
    await session.confirmReset(ctx, body.username, body.password, body.confirmationCode, request.audit);
    return ok(null, { userMessage: sessionMessages.passwordReset });
  });

  // the specification sends the username as the body itself; { username } is accepted too
  route(resendConfirmationRoute, async ({ body }, request) => {
    await session.sendCode(ctx, body.username, 'EMAIL_CONFIRMATION', request.ip, request.audit);
    return ok(null, { userMessage: sessionMessages.resetCodeSent });
  });
}

import {
  changePasswordBody,
  confirmResetBody,
  loginBody,
  refreshBody,
  resendConfirmationBody,
  resetBody,
  sessionMessages,
} from '@lm/domain';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { actorOf } from '../platform/access/access-plugin';
import type { AppContext } from '../platform/context';
import { ok, validate } from '../platform/http/envelope';
import * as session from './session.service';

export function sessionRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.post('/api/auth/login', async (request) => {
    const body = validate(loginBody, request.body);
    return ok(await session.login(ctx, body.email, body.password, request.ip));
  });

  app.post('/api/auth/refresh', async (request) => {
    // the client may send { refreshToken } or the bare token string
    const raw = typeof request.body === 'string' ? { refreshToken: request.body } : request.body;
    const body = validate(refreshBody, raw);
    return ok(await session.refresh(ctx, body.refreshToken));
  });

  app.post('/api/auth/logout', async (request) => {
    const body = validate(z.object({ refreshToken: z.string().max(512).optional() }), request.body);
    await session.logout(ctx, body.refreshToken);
    return ok(null);
  });

  app.get('/authenticateJwt', async (request) => ok({ authenticated: true, userId: actorOf(request).userId }));

  app.get('/api/user/details', async (request) => ok(await session.userDetails(ctx, actorOf(request))));

  app.post('/api/user/update', async (request) => {
    const body = validate(changePasswordBody, request.body);
    await session.changePassword(ctx, actorOf(request), body.oldPassword, body.newPassword, request.audit);
    return ok(null, { userMessage: sessionMessages.passwordChanged });
  });

  app.post('/api/user/reset', async (request) => {
    const body = validate(resetBody, request.body);
    await session.sendCode(ctx, body.username, 'PASSWORD_RESET', request.ip, request.audit);
    return ok(null, { userMessage: sessionMessages.resetCodeSent });
  });

  app.post('/api/user/confirm-reset', async (request) => {
    const body = validate(confirmResetBody, request.body);
    await session.confirmReset(ctx, body.username, body.password, body.confirmationCode, request.audit);
    return ok(null, { userMessage: sessionMessages.passwordReset });
  });

  app.post('/api/auth/register/resend-user-confirmation', async (request) => {
    // the specification sends the username as the body itself; { username } is accepted too
    const raw = typeof request.body === 'string' ? { username: request.body } : request.body;
    const body = validate(resendConfirmationBody, raw);
    await session.sendCode(ctx, body.username, 'EMAIL_CONFIRMATION', request.ip, request.audit);
    return ok(null, { userMessage: sessionMessages.resetCodeSent });
  });
}

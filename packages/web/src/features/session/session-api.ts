import type { RouteRequest } from '@lm/domain';
import { confirmResetRoute, resetPasswordRoute } from '@lm/domain/routes';
import { useMutation } from '@tanstack/react-query';
import { callRoute } from '../../shared/api/call-route';

/**
 * The client side of the password reset (spec core §4, investor-and-admin §4). Login, refresh and
 * logout belong to the session store (shared/session), which the login route loads without zod.
 */

export type ConfirmResetBody = RouteRequest<typeof confirmResetRoute>['body'];

/** Send Code: mails a 6-digit code to the username (POST api/user/reset, no token). */
export function useSendResetCode() {
  return useMutation({
    mutationFn: (username: string) => callRoute(resetPasswordRoute, { body: { username } }),
    meta: { silent: true },
  });
}

/** Reset Password: the code and the new password (POST api/user/confirm-reset, no token). */
export function useConfirmReset() {
  return useMutation({
    mutationFn: (body: ConfirmResetBody) => callRoute(confirmResetRoute, { body }),
    meta: { silent: true },
  });
}

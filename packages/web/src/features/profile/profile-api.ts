import { type RouteData, type RouteRequest, sessionMessages } from '@lm/domain';
import { changePasswordRoute, userDetailsRoute } from '@lm/domain/routes';
import { useMutation, useQuery } from '@tanstack/react-query';
import { callRoute } from '../../shared/api/call-route';

/** The client side of My Profile (investor-and-admin §2 Profile, §5 Change Password). */

export type UserDetails = RouteData<typeof userDetailsRoute>;
export type ChangePasswordBody = RouteRequest<typeof changePasswordRoute>['body'];

export const userDetailsQuery = {
  queryKey: ['user', 'details'] as const,
  queryFn: async ({ signal }: { signal?: AbortSignal }): Promise<UserDetails> =>
    (await callRoute(userDetailsRoute, signal ? { signal } : {})).data,
};

/** The signed-in user as the Profile tab shows it. */
export function useUserDetailsQuery() {
  return useQuery(userDetailsQuery);
}

/** Change Password (POST api/user/update): the current and the new password. */
export function useChangePassword(options: { onSuccess?: () => void } = {}) {
  return useMutation({
    mutationFn: (body: ChangePasswordBody) => callRoute(changePasswordRoute, { body }),
    meta: { successMessage: sessionMessages.passwordChanged },
    ...(options.onSuccess ? { onSuccess: options.onSuccess } : {}),
  });
}

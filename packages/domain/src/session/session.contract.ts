import { z } from 'zod';
import { defineRoute, hasControlCharacters, inputMessages, noData, textInput } from '../contract';
import { Role } from '../roles';
import { newPasswordSchema, passwordMessages, refuseUnchangedPassword, verificationCodeSchema } from './password';
import {
  passwordLengthMax,
  refreshTokenLengthMax,
  sessionEmailLengthMax,
  sessionMessages,
  verificationCodeTextLengthMax,
} from './session-messages';

/** An email address as a username: trimmed, lower case, no control characters. */
export const emailSchema = textInput(sessionEmailLengthMax).pipe(
  z.string().toLowerCase().email(passwordMessages.email),
);

/**
 * A password as typed: never trimmed (spaces count), no control characters, a length limit. The
 * rules of a new password are `newPasswordSchema`'s.
 */
function passwordText(requiredMessage?: string) {
  const text = z
    .string()
    .max(passwordLengthMax, inputMessages.textTooLong(passwordLengthMax))
    .refine((value) => !hasControlCharacters(value), inputMessages.textControlCharacters);
  return requiredMessage ? text.refine((value) => value.length > 0, requiredMessage) : text;
}

const newPasswordInput = passwordText().pipe(newPasswordSchema);

function requiredText(max: number, requiredMessage: string) {
  return textInput(max).refine((value) => value.length > 0, requiredMessage);
}

export const loginBody = z.object({
  email: requiredText(sessionEmailLengthMax, sessionMessages.emailRequired),
  password: passwordText(sessionMessages.passwordRequired),
});
export type LoginBody = z.infer<typeof loginBody>;

export const refreshBody = z.object({
  refreshToken: requiredText(refreshTokenLengthMax, sessionMessages.refreshTokenRequired),
});

/**
 * The refresh call's body: `{ refreshToken }`, or the bare token as the whole body (text/plain,
 * as the specification's client sends it); both reach the server as `{ refreshToken }`.
 */
export const refreshRequestBody = z.union([
  refreshBody,
  requiredText(refreshTokenLengthMax, sessionMessages.refreshTokenRequired).transform((refreshToken) => ({
    refreshToken,
  })),
]);

export const logoutBody = z
  .object({ refreshToken: textInput(refreshTokenLengthMax).optional() })
  .optional()
  .transform((body) => body ?? {});

export const changePasswordBody = z
  .object({
    oldPassword: passwordText(sessionMessages.passwordRequired),
    newPassword: newPasswordInput,
  })
  .superRefine(refuseUnchangedPassword);
export const resetBody = z.object({ username: emailSchema });
export const confirmResetBody = z.object({
  username: emailSchema,
  password: newPasswordInput,
  confirmationCode: textInput(verificationCodeTextLengthMax).pipe(verificationCodeSchema),
});
export const resendConfirmationBody = z.object({ username: emailSchema });

/**
 * The resend-confirmation call's body: `{ username }`, or the username as the whole body
 * (text/plain, as the specification sends it); both reach the server as `{ username }`.
 */
export const resendConfirmationRequestBody = z.union([
  resendConfirmationBody,
  emailSchema.transform((username) => ({ username })),
]);

// ---------------------------------------------------------------------------------------------
// Replies

/** A token pair (login and refresh): a short-lived access token and a rotating refresh token. */
export const sessionTokens = z.object({ accessToken: z.string(), refreshToken: z.string() });

const roleSchema = z.enum(Object.values(Role) as [Role, ...Role[]]);

/** GET api/user/details: the signed-in user, with the investment accounts an investor holds. */
export const sessionUserDetails = z.object({
  id: z.number().int(),
  email: z.string(),
  username: z.string(),
  type: roleSchema,
  firstName: z.string(),
  middleName: z.string().nullable(),
  lastName: z.string(),
  homePhone: z.string().nullable(),
  mobileNumber1: z.string().nullable(),
  mobileNumber2: z.string().nullable(),
  status: z.string(),
  investorId: z.number().int().nullable(),
  investmentAccountIds: z.array(z.number().int()),
});

// ---------------------------------------------------------------------------------------------
// Routes

export const loginRoute = defineRoute({
  method: 'POST',
  path: '/api/auth/login',
  tag: 'session',
  summary: 'Log in',
  description: 'Email and password; answers an access token and a refresh token (no token needed).',
  body: loginBody,
  response: sessionTokens,
});

export const refreshSessionRoute = defineRoute({
  method: 'POST',
  path: '/api/auth/refresh',
  tag: 'session',
  summary: 'Refresh the access token',
  description:
    'Spends the refresh token and answers a new pair; a spent token presented again revokes its family. The body is `{ refreshToken }` or the bare token (text/plain).',
  body: refreshRequestBody,
  response: sessionTokens,
});

export const logoutRoute = defineRoute({
  method: 'POST',
  path: '/api/auth/logout',
  tag: 'session',
  summary: 'Log out',
  description:
    "Ends the caller's session: its access token is refused from now on and its refresh tokens revoked. A refresh token in the body is revoked too when it is the caller's own; another user's is ignored.",
  body: logoutBody,
  response: noData,
});

export const authenticateJwtRoute = defineRoute({
  method: 'GET',
  path: '/authenticateJwt',
  tag: 'session',
  summary: 'Check the access token',
  response: z.object({ authenticated: z.literal(true), userId: z.number().int() }),
});

export const userDetailsRoute = defineRoute({
  method: 'GET',
  path: '/api/user/details',
  tag: 'session',
  summary: 'The signed-in user',
  response: sessionUserDetails,
});

export const changePasswordRoute = defineRoute({
  method: 'POST',
  path: '/api/user/update',
  tag: 'session',
  summary: 'Change password',
  description:
    'Ends every other session of the caller (their refresh and access tokens) and says so; the session it is called from stays signed in.',
  body: changePasswordBody,
  response: noData,
});

export const resetPasswordRoute = defineRoute({
  method: 'POST',
  path: '/api/user/reset',
  tag: 'session',
  summary: 'Send a password reset code',
  description: 'Mails a 6-digit code; answers the same whether or not the user exists.',
  body: resetBody,
  response: noData,
});

export const confirmResetRoute = defineRoute({
  method: 'POST',
  path: '/api/user/confirm-reset',
  tag: 'session',
  summary: 'Set a new password with a mailed code',
  body: confirmResetBody,
  response: noData,
});

export const resendConfirmationRoute = defineRoute({
  method: 'POST',
  path: '/api/auth/register/resend-user-confirmation',
  tag: 'session',
  summary: 'Send a verification code',
  description: 'The body is `{ username }` or the username itself (text/plain).',
  body: resendConfirmationRequestBody,
  response: noData,
});

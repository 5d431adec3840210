/**
 * The session's messages and the limits of its bodies: apart from the contract, so a screen
 * shows them without building the session's schemas (docs/decisions/014-route-refs.md).
 */

export const sessionMessages = {
  tokenTampered: 'Token tampered with',
  tokenExpired: 'Expired Token',
  pleaseLoginAgain: 'Please login again.',
  sessionExpired: 'Your session has expired. Please login again.',
  invalidCredentials: 'Incorrect email or password.',
  tooManyAttempts: 'Too many attempts. Please wait a few minutes and try again.',
  wrongOldPassword: 'Your current password is incorrect.',
  codeInvalidOrExpired: 'The code is invalid or has expired. Please request a new code.',
  resetCodeSent: 'Verification code sent',
  passwordReset: 'Password reset',
  passwordChanged: 'Password changed. Every other session has been signed out.',
  accountDisabled: 'This account is disabled. Please contact support.',
  emailRequired: 'Please input your email',
  passwordRequired: 'Please input your password',
  refreshTokenRequired: 'The refresh token is missing',
} as const;

/** Limits of the session bodies. */
export const sessionEmailLengthMax = 254;
export const passwordLengthMax = 256;
export const refreshTokenLengthMax = 512;
/** A verification code as typed (spaces around it are trimmed before its six digits are checked). */
export const verificationCodeTextLengthMax = 20;

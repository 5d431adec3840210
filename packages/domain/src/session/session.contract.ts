import { z } from 'zod';
import { newPasswordSchema, passwordMessages, verificationCodeSchema } from './password';

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
  passwordChanged: 'Password changed',
  accountDisabled: 'This account is disabled. Please contact support.',
} as const;

export const emailSchema = z.string().trim().toLowerCase().email(passwordMessages.email).max(254);

export const loginBody = z.object({ email: z.string().trim().min(1).max(254), password: z.string().min(1).max(256) });
export const refreshBody = z.object({ refreshToken: z.string().min(1).max(512) });
export const changePasswordBody = z.object({ oldPassword: z.string().min(1).max(256), newPassword: newPasswordSchema });
export const resetBody = z.object({ username: emailSchema });
export const confirmResetBody = z.object({
  username: emailSchema,
  password: newPasswordSchema,
  confirmationCode: verificationCodeSchema,
});
export const resendConfirmationBody = z.object({ username: emailSchema });

export type LoginBody = z.infer<typeof loginBody>;

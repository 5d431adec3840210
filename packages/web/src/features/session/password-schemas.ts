import {
  emailSchema,
  newPasswordSchema,
  passwordMessages,
  refuseUnchangedPassword,
  verificationCodeSchema,
} from '@lm/domain';
import { z } from 'zod';

/** A new password typed twice: the rules of investor-and-admin §5 and 'Passwords do not match'. */
const confirmedPassword = {
  newPassword: newPasswordSchema,
  confirmPassword: z.string(),
};

function passwordsMatch(value: { newPassword: string; confirmPassword: string }, ctx: z.RefinementCtx) {
  if (value.newPassword !== value.confirmPassword) {
    ctx.addIssue({ code: 'custom', path: ['confirmPassword'], message: passwordMessages.mismatch });
  }
}

export const changePasswordForm = z
  .object({ oldPassword: z.string().min(1, 'Please enter your current password'), ...confirmedPassword })
  .superRefine(passwordsMatch)
  .superRefine(refuseUnchangedPassword);
export type ChangePasswordForm = z.infer<typeof changePasswordForm>;

export const resetEmailForm = z.object({ email: emailSchema });

export const confirmResetForm = z
  .object({ confirmationCode: verificationCodeSchema, ...confirmedPassword })
  .superRefine(passwordsMatch);
export type ConfirmResetForm = z.infer<typeof confirmResetForm>;

import { z } from 'zod';

/** Password rules of investor-and-admin §5, with the specification's messages word for word. */
export const passwordMinLength = 8;
export const passwordMessages = {
  length: 'Password must be 8 or more characters long',
  numeric: 'Password must include a numeric value',
  lowercase: 'Password must include a lowercase letter',
  uppercase: 'Password must include an uppercase letter',
  special: 'Password must contain a special character ! @ # $ % ^ & * ',
  mismatch: 'Passwords do not match',
  email: 'Enter valid email',
  code: 'Code is invalid',
  /** The specification has no words for this refusal; ours. */
  sameAsCurrent: 'The new password must be different from your current password.',
} as const;

/**
 * Change Password: a new password equal to the current one changes nothing and is refused. Adds
 * the issue on `newPassword`, so the screen shows it under that field and the API names it.
 */
export function refuseUnchangedPassword(value: { oldPassword: string; newPassword: string }, ctx: z.RefinementCtx) {
  if (value.oldPassword !== '' && value.oldPassword === value.newPassword) {
    ctx.addIssue({ code: 'custom', path: ['newPassword'], message: passwordMessages.sameAsCurrent });
  }
}

/** The first broken password rule's message, or null when the password is acceptable. */
export function passwordProblems(password: string): string[] {
  const problems: string[] = [];
  if (password.length < passwordMinLength) problems.push(passwordMessages.length);
  if (!/[0-9]/.test(password)) problems.push(passwordMessages.numeric);
  if (!/[a-z]/.test(password)) problems.push(passwordMessages.lowercase);
  if (!/[A-Z]/.test(password)) problems.push(passwordMessages.uppercase);
  if (!/[!@#$%^&*]/.test(password)) problems.push(passwordMessages.special);
  return problems;
}

export const newPasswordSchema = z.string().superRefine((value, ctx) => {
  for (const message of passwordProblems(value)) ctx.addIssue({ code: 'custom', message });
});

export const verificationCodeLength = 6;
export const verificationCodeSchema = z
  .string()
  .trim()
  .refine((v) => v.length === verificationCodeLength, passwordMessages.code);

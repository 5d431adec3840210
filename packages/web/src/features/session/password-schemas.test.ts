import { describe, expect, it } from 'vitest';
import { changePasswordForm } from './password-schemas';

describe('Change Password form', () => {
  it('refuses the current password as the new one, under New password', () => {
    const result = changePasswordForm.safeParse({
      oldPassword: 'Demo-Passw0rd!',
      newPassword: 'Demo-Passw0rd!',
      confirmPassword: 'Demo-Passw0rd!',
    });
    expect(result.success).toBe(false);
    expect(result.error?.issues).toContainEqual(
      expect.objectContaining({
        path: ['newPassword'],
        message: 'The new password must be different from your current password.',
      }),
    );
  });

  it('accepts a different new password typed twice', () => {
    const result = changePasswordForm.safeParse({
      oldPassword: 'Demo-Passw0rd!',
      newPassword: 'Better-Passw0rd!',
      confirmPassword: 'Better-Passw0rd!',
    });
    expect(result.success).toBe(true);
  });
});

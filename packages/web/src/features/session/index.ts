export { type ChangePasswordForm, changePasswordForm } from './password-schemas';

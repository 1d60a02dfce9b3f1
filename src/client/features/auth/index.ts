/** The auth feature's public surface: other features and the app import it from here only. */
export { useLogoutMutation } from './api';
export { useAuthDialog, type AuthReason } from './components/auth-dialog-context';
export { SIGN_IN_REASONS, type SignInReason } from './sign-in-reasons';
export { AuthDialogProvider } from './components/auth-dialog-provider';
export { GuestActions } from './components/guest-actions';
export { PasswordInput } from './components/password-input';
export { PasswordStrengthMeter } from './components/password-strength-meter';
export { UserAvatar } from './components/user-avatar';
export { UserMenu } from './components/user-menu';
export {
  EmailLinkCard,
  EmailTokenResult,
  ForgotPasswordForm,
  ResetPasswordForm,
} from './components/email-links';
export { VerifyEmailBanner } from './components/verify-email-banner';
export { ChangeEmailForm } from './components/change-email-form';

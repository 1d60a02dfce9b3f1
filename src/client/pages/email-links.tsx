import { useSearch } from 'wouter';
import {
  EmailLinkCard,
  EmailTokenResult,
  ForgotPasswordForm,
  ResetPasswordForm,
} from '@client/features/auth';

const useToken = () => new URLSearchParams(useSearch()).get('token') ?? '';

/** "Forgot password?" from the sign-in dialog: ask for a reset link by email. */
export function ForgotPasswordPage() {
  return (
    <EmailLinkCard
      title="Forgot your password?"
      description="Enter the email of your account and we will send you a link to choose a new password."
      testId="page-forgot-password"
    >
      <ForgotPasswordForm />
    </EmailLinkCard>
  );
}

/** Where the reset email's link leads: choose a new password. */
export function ResetPasswordPage() {
  return (
    <EmailLinkCard
      title="Choose a new password"
      description="After this you are signed out on every device, and sign in with the new password."
      testId="page-reset-password"
    >
      <ResetPasswordForm token={useToken()} />
    </EmailLinkCard>
  );
}

/** Where the verification email's link leads. */
export function VerifyEmailPage() {
  return (
    <EmailLinkCard title="Confirm your email" testId="page-verify-email">
      <EmailTokenResult
        token={useToken()}
        url="/api/auth/verify-email"
        done="Thank you: your email address is confirmed. You can now send trade requests and messages."
      />
    </EmailLinkCard>
  );
}

/** Where the email-change confirmation's link leads. */
export function ConfirmEmailPage() {
  return (
    <EmailLinkCard title="Confirm your new email" testId="page-confirm-email">
      <EmailTokenResult
        token={useToken()}
        url="/api/auth/email-change/confirm"
        done="Your account now uses this email address. Sign in with it from now on."
      />
    </EmailLinkCard>
  );
}

import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
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
  const { t } = useTranslation('auth');
  return (
    <EmailLinkCard
      title={t('pages.forgotTitle')}
      description={t('pages.forgotDescription')}
      testId="page-forgot-password"
    >
      <ForgotPasswordForm />
    </EmailLinkCard>
  );
}

/** Where the reset email's link leads: choose a new password. */
export function ResetPasswordPage() {
  const { t } = useTranslation('auth');
  return (
    <EmailLinkCard
      title={t('pages.resetTitle')}
      description={t('pages.resetDescription')}
      testId="page-reset-password"
    >
      <ResetPasswordForm token={useToken()} />
    </EmailLinkCard>
  );
}

/** Where the verification email's link leads; its title asks to confirm only until it is confirmed. */
export function VerifyEmailPage() {
  const { t } = useTranslation('auth');
  const [confirmed, setConfirmed] = useState(false);
  const onConfirmed = useCallback(() => setConfirmed(true), []);
  return (
    <EmailLinkCard
      title={confirmed ? t('pages.verifiedTitle') : t('pages.verifyTitle')}
      testId="page-verify-email"
    >
      <EmailTokenResult
        token={useToken()}
        url="/api/auth/verify-email"
        done={t('pages.verifyDone')}
        onConfirmed={onConfirmed}
      />
    </EmailLinkCard>
  );
}

/** Where the email-change confirmation's link leads; "Confirm your new email" only until it is. */
export function ConfirmEmailPage() {
  const { t } = useTranslation('auth');
  const [confirmed, setConfirmed] = useState(false);
  const onConfirmed = useCallback(() => setConfirmed(true), []);
  return (
    <EmailLinkCard
      title={confirmed ? t('pages.confirmedTitle') : t('pages.confirmTitle')}
      testId="page-confirm-email"
    >
      <EmailTokenResult
        token={useToken()}
        url="/api/auth/email-change/confirm"
        done={t('pages.confirmDone')}
        onConfirmed={onConfirmed}
      />
    </EmailLinkCard>
  );
}

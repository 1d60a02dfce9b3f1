import { MailWarning } from 'lucide-react';
import { Trans, useTranslation } from 'react-i18next';
import { Button } from '@client/components/ui/button';
import { useAuth } from '@client/lib/session';
import { useResendVerificationMutation } from '../api';

/**
 * For a member who must verify their email before sending trade requests and messages and has
 * not yet: what to do, and a button that sends the link again.
 */
export function VerifyEmailBanner() {
  const { t } = useTranslation('auth');
  const { user } = useAuth();
  const resend = useResendVerificationMutation();
  if (!user || user.emailVerified !== false || !user.emailVerificationRequired) return null;
  return (
    <div
      className="border-b border-amber-300 bg-amber-50 px-4 py-2.5 text-sm text-amber-950"
      role="region"
      aria-label={t('verifyBanner.label')}
      data-testid="banner-verify-email"
    >
      <div className="mx-auto flex max-w-7xl flex-wrap items-center gap-x-3 gap-y-2">
        <MailWarning className="size-5 shrink-0" aria-hidden="true" />
        <p className="min-w-0 flex-1">
          <Trans
            i18nKey="verifyBanner.text"
            ns="auth"
            values={{ email: user.email }}
            components={{ b: <strong className="break-all" /> }}
          />
        </p>
        {resend.isSuccess ? (
          <span role="status" data-testid="text-verification-resent">
            {t('verifyBanner.resent')}
          </span>
        ) : (
          <Button
            type="button"
            size="sm"
            variant="outline"
            disabled={resend.isPending}
            onClick={() => resend.mutate()}
            data-testid="button-resend-verification"
          >
            {t('verifyBanner.resend')}
          </Button>
        )}
      </div>
    </div>
  );
}

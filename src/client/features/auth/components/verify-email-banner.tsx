import { MailWarning } from 'lucide-react';
import { Button } from '@client/components/ui/button';
import { useAuth } from '@client/lib/session';
import { useResendVerificationMutation } from '../api';

/**
 * For a member who must verify their email before sending trade requests and messages and has
 * not yet: what to do, and a button that sends the link again.
 */
export function VerifyEmailBanner() {
  const { user } = useAuth();
  const resend = useResendVerificationMutation();
  if (!user || user.emailVerified !== false || !user.emailVerificationRequired) return null;
  return (
    <div
      className="border-b border-amber-300 bg-amber-50 px-4 py-2.5 text-sm text-amber-950"
      role="region"
      aria-label="Email verification"
      data-testid="banner-verify-email"
    >
      <div className="mx-auto flex max-w-7xl flex-wrap items-center gap-x-3 gap-y-2">
        <MailWarning className="size-5 shrink-0" aria-hidden="true" />
        <p className="min-w-0 flex-1">
          Please confirm your email address (<strong className="break-all">{user.email}</strong>) with the
          link we sent you: until then you cannot send trade requests or messages.
        </p>
        {resend.isSuccess ? (
          <span role="status" data-testid="text-verification-resent">
            A new link is on its way.
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
            Resend
          </Button>
        )}
      </div>
    </div>
  );
}

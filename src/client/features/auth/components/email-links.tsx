import { CircleCheck, LoaderCircle, MailCheck } from 'lucide-react';
import { type FormEvent, type ReactNode, useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Trans, useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { Button } from '@client/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@client/components/ui/card';
import { ErrorList, Field } from '@client/components/ui/form';
import { Input } from '@client/components/ui/input';
import { i18n } from '@client/i18n';
import { errorText } from '@client/lib/api-error';
import { refreshSession } from '@client/lib/session';
import {
  useEmailTokenMutation,
  usePasswordResetConfirmMutation,
  usePasswordResetRequestMutation,
} from '../api';
import { useAuthDialog } from './auth-dialog-context';
import { PasswordInput } from './password-input';
import { PasswordStrengthMeter } from './password-strength-meter';

const messageOf = (error: unknown) => errorText(error) ?? i18n.t('common:status.error');

/** The frame of the pages that emailed links open. */
export function EmailLinkCard({
  title,
  description,
  children,
  testId,
}: {
  title: string;
  description?: string;
  children: ReactNode;
  testId: string;
}) {
  return (
    <div className="flex flex-1 items-start justify-center px-4 py-10 sm:py-16" data-testid={testId}>
      <Card className="w-full max-w-md">
        <CardHeader>
          <CardTitle>
            <h1 className="text-2xl font-bold tracking-tight">{title}</h1>
          </CardTitle>
          {description ? <CardDescription>{description}</CardDescription> : null}
        </CardHeader>
        <CardContent className="grid gap-4">{children}</CardContent>
      </Card>
    </div>
  );
}

function SignInButton() {
  const { t } = useTranslation('auth');
  const { openAuthDialog } = useAuthDialog();
  return (
    <Button type="button" onClick={() => openAuthDialog('login')} data-testid="button-sign-in-after-link">
      {t('links.signIn')}
    </Button>
  );
}

/** Asks for a reset link. The answer never says whether the email has an account. */
export function ForgotPasswordForm() {
  const { t } = useTranslation('auth');
  const [email, setEmail] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const request = usePasswordResetRequestMutation();

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!email.trim()) {
      setProblem(t('links.emailRequired'));
      return;
    }
    setProblem(null);
    request.mutate({ email: email.trim() }, { onError: (error) => setProblem(messageOf(error)) });
  };

  if (request.isSuccess) {
    return (
      <p className="flex items-start gap-2 text-sm" role="status" data-testid="text-reset-sent">
        <MailCheck className="mt-0.5 size-5 shrink-0 text-primary" aria-hidden="true" />
        <span>
          <Trans
            i18nKey="links.resetSent"
            ns="auth"
            values={{ email: email.trim() }}
            components={{ b: <strong /> }}
          />
        </span>
      </p>
    );
  }
  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4" aria-label={t('links.resetFormLabel')}>
      <Field id="reset-email" label={t('fields.email')} errors={problem}>
        {(control) => (
          <Input
            {...control}
            type="email"
            autoComplete="email"
            inputMode="email"
            placeholder={t('fields.emailPlaceholder')}
            value={email}
            onChange={(event) => setEmail(event.target.value)}
            data-testid="input-reset-email"
          />
        )}
      </Field>
      <Button type="submit" disabled={request.isPending} data-testid="button-send-reset">
        {request.isPending ? <LoaderCircle className="animate-spin" aria-hidden="true" /> : null}
        {t('links.sendReset')}
      </Button>
    </form>
  );
}

/** Chooses a new password with the emailed link's token. */
export function ResetPasswordForm({ token }: { token: string }) {
  const { t } = useTranslation('auth');
  const [password, setPassword] = useState('');
  const [shown, setShown] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const confirm = usePasswordResetConfirmMutation();

  if (!token) {
    return (
      <>
        <ErrorList errors={t('links.noTokenReset')} />
        <Button asChild variant="outline">
          <Link href="/forgot-password">{t('links.askNewLink')}</Link>
        </Button>
      </>
    );
  }
  if (confirm.isSuccess) {
    return (
      <>
        <p className="flex items-start gap-2 text-sm" role="status" data-testid="text-password-reset-done">
          <CircleCheck className="mt-0.5 size-5 shrink-0 text-primary" aria-hidden="true" />
          <span>{t('links.resetDone')}</span>
        </p>
        <SignInButton />
      </>
    );
  }
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setProblem(null);
    confirm.mutate({ token, password }, { onError: (error) => setProblem(messageOf(error)) });
  };
  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4" aria-label={t('links.chooseNewPassword')}>
      <Field id="reset-new-password" label={t('links.newPassword')} errors={problem}>
        {(control) => (
          <PasswordInput
            {...control}
            autoComplete="new-password"
            value={password}
            onChange={(event) => setPassword(event.target.value)}
            visibility={{ shown, toggle: () => setShown((value) => !value) }}
            withToggle
            data-testid="input-reset-new-password"
          />
        )}
      </Field>
      <PasswordStrengthMeter password={password} />
      <Button type="submit" disabled={confirm.isPending} data-testid="button-reset-password">
        {confirm.isPending ? <LoaderCircle className="animate-spin" aria-hidden="true" /> : null}
        {t('links.setNewPassword')}
      </Button>
      {problem && /invalid or has expired/.test(problem) ? (
        <Button asChild variant="outline">
          <Link href="/forgot-password">{t('links.askNewLink')}</Link>
        </Button>
      ) : null}
    </form>
  );
}

/** Opens an emailed verification or email-change link once, as the page loads. */
export function EmailTokenResult({
  token,
  url,
  done,
  onConfirmed,
}: {
  token: string;
  url: '/api/auth/verify-email' | '/api/auth/email-change/confirm';
  done: string;
  /** Called once the link worked: the page's title stops asking to confirm. */
  onConfirmed?: () => void;
}) {
  const { t } = useTranslation('auth');
  const use = useEmailTokenMutation(url);
  const queryClient = useQueryClient();
  const sent = useRef(false);
  const { mutate } = use;
  useEffect(() => {
    if (sent.current || !token) return;
    sent.current = true;
    // The member's own record changed (verified, or a new email): the banner and settings follow.
    mutate(token, {
      onSuccess: () => {
        onConfirmed?.();
        void refreshSession(queryClient);
      },
    });
  }, [mutate, token, queryClient, onConfirmed]);

  if (!token) return <ErrorList errors={t('links.noTokenEmail')} />;
  if (use.isError) return <ErrorList errors={messageOf(use.error)} testId="text-link-error" />;
  if (use.isSuccess) {
    return (
      <>
        <p className="flex items-start gap-2 text-sm" role="status" data-testid="text-link-done">
          <CircleCheck className="mt-0.5 size-5 shrink-0 text-primary" aria-hidden="true" />
          <span>{done}</span>
        </p>
        <Button asChild variant="outline">
          <Link href="/browse">{t('links.browse')}</Link>
        </Button>
      </>
    );
  }
  return (
    <p className="flex items-center gap-2 text-sm text-muted-foreground" role="status">
      <LoaderCircle className="size-4 animate-spin" aria-hidden="true" /> {t('links.checking')}
    </p>
  );
}

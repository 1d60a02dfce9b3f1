import { LoaderCircle, Mail, MailCheck } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Button } from '@client/components/ui/button';
import { Field } from '@client/components/ui/form';
import { Input } from '@client/components/ui/input';
import { errorText } from '@client/lib/api-error';
import { useEmailChangeMutation } from '../api';
import { PasswordInput } from './password-input';

/**
 * A new email for the account: with the current password, a link goes to the new address and a
 * notice to the current one; the email changes once the link is opened.
 */
export function ChangeEmailForm() {
  const { t } = useTranslation('auth');
  const id = useId();
  const [newEmail, setNewEmail] = useState('');
  const [password, setPassword] = useState('');
  const [shown, setShown] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const change = useEmailChangeMutation();
  const [sentTo, setSentTo] = useState<string | null>(null);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setProblem(null);
    const address = newEmail.trim();
    change.mutate(
      { newEmail: address, password },
      {
        onSuccess: () => {
          setSentTo(address);
          setNewEmail('');
          setPassword('');
        },
        onError: (error) => setProblem(errorText(error) ?? t('changeEmail.tryAgain')),
      },
    );
  };

  return (
    <form
      onSubmit={onSubmit}
      noValidate
      className="grid gap-4"
      aria-labelledby={`${id}-title`}
      data-testid="form-change-email"
    >
      <div className="space-y-1">
        <h3 id={`${id}-title`} className="font-semibold">
          {t('changeEmail.title')}
        </h3>
        <p className="text-sm text-muted-foreground">{t('changeEmail.description')}</p>
      </div>
      <div className="grid gap-4 md:grid-cols-2">
        <Field id={`${id}-email`} label={t('changeEmail.newEmail')} errors={problem}>
          {(control) => (
            <Input
              {...control}
              type="email"
              autoComplete="email"
              inputMode="email"
              value={newEmail}
              onChange={(event) => setNewEmail(event.target.value)}
              data-testid="input-new-email"
            />
          )}
        </Field>
        <Field id={`${id}-password`} label={t('changeEmail.currentPassword')}>
          {(control) => (
            <PasswordInput
              {...control}
              autoComplete="current-password"
              value={password}
              onChange={(event) => setPassword(event.target.value)}
              visibility={{ shown, toggle: () => setShown((value) => !value) }}
              withToggle
              data-testid="input-email-change-password"
            />
          )}
        </Field>
      </div>
      {sentTo ? (
        <p className="flex items-start gap-2 text-sm" role="status" data-testid="text-email-change-sent">
          <MailCheck className="mt-0.5 size-5 shrink-0 text-primary" aria-hidden="true" />
          <span>
            <Trans
              i18nKey="changeEmail.sent"
              ns="auth"
              values={{ email: sentTo }}
              components={{ b: <strong className="break-all" /> }}
            />
          </span>
        </p>
      ) : null}
      <div>
        <Button type="submit" disabled={change.isPending} data-testid="button-change-email">
          {change.isPending ? (
            <LoaderCircle className="animate-spin" aria-hidden="true" />
          ) : (
            <Mail aria-hidden="true" />
          )}
          {t('changeEmail.submit')}
        </Button>
      </div>
    </form>
  );
}

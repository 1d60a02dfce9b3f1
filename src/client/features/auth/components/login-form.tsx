import { checkLoginForm, type LoginForm as LoginFormValues } from '@common/domain/auth-form-rules';
import { MAX_LOGIN_PASSWORD_LENGTH } from '@common/domain/password-policy';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { toast } from '@client/components/ui/use-toast';
import { ApiError } from '@client/lib/api-error';
import { useLoginMutation } from '../api';
import { SuspensionNotice } from './suspension-notice';
import { AuthSubmitButton, EmailField, PasswordField } from './auth-fields';
import type { PasswordVisibility } from './password-input';

export function LoginForm({
  visibility,
  onSignedIn,
}: {
  visibility: PasswordVisibility;
  onSignedIn: () => void;
}) {
  const { t } = useTranslation('auth');
  const { register, handleSubmit } = useForm<LoginFormValues>({ defaultValues: { email: '', password: '' } });
  const login = useLoginMutation();

  const onSubmit = handleSubmit((values) => {
    if (checkLoginForm(values)) {
      toast({
        title: t('login.missingTitle'),
        description: t('login.missingDescription'),
        variant: 'destructive',
      });
      return;
    }
    login.mutate(
      { email: values.email.trim(), password: values.password },
      {
        onSuccess: () => {
          toast({ title: t('login.successTitle'), description: t('login.successDescription') });
          onSignedIn();
        },
      },
    );
  });

  const suspension = login.error instanceof ApiError ? login.error.suspension : undefined;
  if (suspension) return <SuspensionNotice suspension={suspension} onBack={() => login.reset()} />;
  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4" aria-label={t('login.formLabel')}>
      <EmailField id="login-email" registration={register('email')} />
      <PasswordField
        id="login-password"
        label={t('fields.password')}
        autoComplete="current-password"
        placeholder={t('login.passwordPlaceholder')}
        maxLength={MAX_LOGIN_PASSWORD_LENGTH}
        visibility={visibility}
        withToggle
        registration={register('password')}
      />
      <a
        href="/forgot-password"
        className="-mt-2 justify-self-end text-sm text-primary underline-offset-4 hover:underline"
        data-testid="link-forgot-password"
      >
        {t('login.forgotPassword')}
      </a>
      <AuthSubmitButton
        pending={login.isPending}
        label={t('common:actions.signIn')}
        pendingLabel={t('login.pending')}
        testId="button-submit-login"
      />
    </form>
  );
}

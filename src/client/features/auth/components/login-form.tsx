import type { LoginForm as LoginFormValues } from '@common/domain/auth-form-rules';
import { MAX_LOGIN_PASSWORD_LENGTH } from '@common/domain/password-policy';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { toast } from '@client/components/ui/use-toast';
import { ApiError, errorText } from '@client/lib/api-error';
import { serverFieldProblems } from '@client/lib/form-errors';
import { useLoginMutation } from '../api';
import { SuspensionNotice } from './suspension-notice';
import { AuthSubmitButton, EmailField, PasswordField } from './auth-fields';
import type { PasswordVisibility } from './password-input';

/** A refused sign-in whose answer is about a field: a wrong email or password, said under the password. */
const CREDENTIALS_FIELD = { 'auth.invalid_credentials': 'password' } as const;

export function LoginForm({
  visibility,
  onSignedIn,
}: {
  visibility: PasswordVisibility;
  onSignedIn: () => void;
}) {
  const { t } = useTranslation('auth');
  const {
    register,
    handleSubmit,
    setError,
    clearErrors,
    formState: { errors },
  } = useForm<LoginFormValues>({ defaultValues: { email: '', password: '' } });
  const login = useLoginMutation();

  /** A refusal under its field, as sign-up shows them; the first one gets the focus (and scrolls into view). */
  function showError(field: keyof LoginFormValues, message: string, focus: boolean) {
    setError(field, { message }, { shouldFocus: focus });
    if (focus) {
      document.getElementById(`login-${field}`)?.scrollIntoView({ block: 'center', behavior: 'smooth' });
    }
  }

  const onSubmit = handleSubmit((values) => {
    clearErrors();
    const missingEmail = !values.email.trim();
    const missingPassword = !values.password;
    if (missingEmail) showError('email', t('register.errors.emailRequired'), true);
    if (missingPassword) showError('password', t('register.errors.passwordRequired'), !missingEmail);
    if (missingEmail || missingPassword) return;
    login.mutate(
      { email: values.email.trim(), password: values.password },
      {
        onSuccess: () => {
          toast({ title: t('login.successTitle'), description: t('login.successDescription') });
          onSignedIn();
        },
        onError: (error) => {
          if (error instanceof ApiError && error.suspension) return;
          // A wrong email or password is said under the password; other refusals in a toast.
          const [problem] = serverFieldProblems(error, {
            fields: [],
            codes: CREDENTIALS_FIELD,
            fallback: t('login.failedDescription'),
          });
          if (problem) {
            showError(problem[0], problem[1], true);
            return;
          }
          toast({
            title: t('login.failedTitle'),
            description: errorText(error) ?? t('login.failedDescription'),
            variant: 'destructive',
          });
        },
      },
    );
  });

  const suspension = login.error instanceof ApiError ? login.error.suspension : undefined;
  if (suspension) return <SuspensionNotice suspension={suspension} onBack={() => login.reset()} />;
  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4" aria-label={t('login.formLabel')}>
      <EmailField id="login-email" registration={register('email')} errors={errors.email?.message} />
      <PasswordField
        id="login-password"
        label={t('fields.password')}
        autoComplete="current-password"
        placeholder={t('login.passwordPlaceholder')}
        maxLength={MAX_LOGIN_PASSWORD_LENGTH}
        visibility={visibility}
        withToggle
        registration={register('password')}
        errors={errors.password?.message}
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

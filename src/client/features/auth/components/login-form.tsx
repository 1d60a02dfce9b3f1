import { checkLoginForm, type LoginForm as LoginFormValues } from '@common/domain/auth-form-rules';
import { MAX_LOGIN_PASSWORD_LENGTH } from '@common/domain/password-policy';
import { useForm } from 'react-hook-form';
import { toast, toastAcrossReload } from '@client/components/ui/use-toast';
import { useLoginMutation } from '../api';
import { AuthSubmitButton, EmailField, PasswordField } from './auth-fields';
import type { PasswordVisibility } from './password-input';

export function LoginForm({
  visibility,
  onSignedIn,
}: {
  visibility: PasswordVisibility;
  onSignedIn: () => void;
}) {
  const { register, handleSubmit } = useForm<LoginFormValues>({ defaultValues: { email: '', password: '' } });
  const login = useLoginMutation();

  const onSubmit = handleSubmit((values) => {
    const problem = checkLoginForm(values);
    if (problem) {
      toast({ ...problem, variant: 'destructive' });
      return;
    }
    login.mutate(
      { email: values.email.trim(), password: values.password },
      {
        onSuccess: () => {
          toastAcrossReload({ title: 'Welcome back!', description: 'You have successfully logged in.' });
          onSignedIn();
        },
      },
    );
  });

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4" aria-label="Sign in">
      <EmailField id="login-email" registration={register('email')} />
      <PasswordField
        id="login-password"
        label="Password"
        autoComplete="current-password"
        placeholder="Your password"
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
        Forgot password?
      </a>
      <AuthSubmitButton
        pending={login.isPending}
        label="Sign In"
        pendingLabel="Signing in..."
        testId="button-submit-login"
      />
    </form>
  );
}

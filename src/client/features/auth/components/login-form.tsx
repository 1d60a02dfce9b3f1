import { checkLoginForm, type LoginForm as LoginFormValues } from '@common/domain/auth-form-rules';
import { LoaderCircle } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { Button } from '@client/components/ui/button';
import { Field } from '@client/components/ui/form';
import { Input } from '@client/components/ui/input';
import { toast, toastAcrossReload } from '@client/components/ui/use-toast';
import { useLoginMutation } from '../api';
import { PasswordInput, type PasswordVisibility } from './password-input';

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
      <Field id="login-email" label="Email">
        {(fieldControl) => (
          <Input
            {...fieldControl}
            type="email"
            autoComplete="email"
            inputMode="email"
            placeholder="you@example.com"
            aria-required="true"
            {...register('email')}
          />
        )}
      </Field>
      <Field id="login-password" label="Password">
        {(fieldControl) => (
          <PasswordInput
            {...fieldControl}
            autoComplete="current-password"
            placeholder="Your password"
            aria-required="true"
            visibility={visibility}
            withToggle
            {...register('password')}
          />
        )}
      </Field>
      <a
        href="/forgot-password"
        className="-mt-2 justify-self-end text-sm text-primary underline-offset-4 hover:underline"
        data-testid="link-forgot-password"
      >
        Forgot password?
      </a>
      <Button
        type="submit"
        size="lg"
        className="mt-1 w-full"
        disabled={login.isPending}
        data-testid="button-submit-login"
      >
        {login.isPending ? <LoaderCircle className="animate-spin" aria-hidden="true" /> : null}
        {login.isPending ? 'Signing in...' : 'Sign In'}
      </Button>
    </form>
  );
}

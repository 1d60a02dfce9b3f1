import { checkLoginForm, type LoginForm as LoginFormValues } from '@common/domain/auth-form-rules';
import { LoaderCircle } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { Button } from '@client/components/ui/button';
import { Input } from '@client/components/ui/input';
import { Label } from '@client/components/ui/label';
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
      <div className="grid gap-2">
        <Label htmlFor="login-email">Email</Label>
        <Input
          id="login-email"
          type="email"
          autoComplete="email"
          inputMode="email"
          placeholder="you@example.com"
          aria-required="true"
          {...register('email')}
        />
      </div>
      <div className="grid gap-2">
        <Label htmlFor="login-password">Password</Label>
        <PasswordInput
          id="login-password"
          autoComplete="current-password"
          placeholder="Your password"
          aria-required="true"
          visibility={visibility}
          withToggle
          {...register('password')}
        />
      </div>
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

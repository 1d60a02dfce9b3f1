import { checkRegisterForm, type RegisterForm as RegisterFormValues } from '@common/domain/auth-form-rules';
import { LoaderCircle } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { Button } from '@client/components/ui/button';
import { Input } from '@client/components/ui/input';
import { Label } from '@client/components/ui/label';
import { toast, toastAcrossReload } from '@client/components/ui/use-toast';
import { serverMessage } from '@client/lib/api-client';
import { useRegisterMutation } from '../api';
import { PasswordInput, type PasswordVisibility } from './password-input';
import { PasswordStrengthMeter } from './password-strength-meter';

export function RegisterForm({
  visibility,
  onSignedIn,
}: {
  visibility: PasswordVisibility;
  onSignedIn: () => void;
}) {
  const { register, handleSubmit, watch } = useForm<RegisterFormValues>({
    defaultValues: { firstName: '', lastName: '', email: '', password: '', confirmPassword: '' },
  });
  const registration = useRegisterMutation();

  const onSubmit = handleSubmit((values) => {
    const problem = checkRegisterForm(values);
    if (problem) {
      toast({ ...problem, variant: 'destructive' });
      return;
    }
    registration.mutate(
      {
        firstName: values.firstName.trim(),
        lastName: values.lastName.trim(),
        email: values.email.trim(),
        password: values.password,
      },
      {
        onSuccess: () => {
          toastAcrossReload({
            title: 'Account created!',
            description: 'Welcome to the product! You can now start trading.',
          });
          onSignedIn();
        },
        onError: (error) => {
          toast({
            title: 'Registration failed',
            description: serverMessage(error) ?? 'Failed to create account',
            variant: 'destructive',
          });
        },
      },
    );
  });

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4" aria-label="Sign up">
      <div className="grid gap-4 sm:grid-cols-2">
        <div className="grid gap-2">
          <Label htmlFor="register-first-name">First name</Label>
          <Input
            id="register-first-name"
            autoComplete="given-name"
            placeholder="Jane"
            aria-required="true"
            {...register('firstName')}
          />
        </div>
        <div className="grid gap-2">
          <Label htmlFor="register-last-name">
            Last name <span className="font-normal text-muted-foreground">(optional)</span>
          </Label>
          <Input
            id="register-last-name"
            autoComplete="family-name"
            placeholder="Doe"
            {...register('lastName')}
          />
        </div>
      </div>
      <div className="grid gap-2">
        <Label htmlFor="register-email">Email</Label>
        <Input
          id="register-email"
          type="email"
          autoComplete="email"
          inputMode="email"
          placeholder="you@example.com"
          aria-required="true"
          {...register('email')}
        />
      </div>
      <div className="grid gap-2">
        <Label htmlFor="register-password">Password</Label>
        <PasswordInput
          id="register-password"
          autoComplete="new-password"
          placeholder="At least 8 characters"
          aria-required="true"
          aria-describedby="register-password-hint"
          visibility={visibility}
          withToggle
          {...register('password')}
        />
        <p id="register-password-hint" className="text-xs text-muted-foreground">
          Use at least 8 characters; a few unrelated words work well.
        </p>
        <PasswordStrengthMeter
          password={watch('password')}
          userInputs={[watch('email'), watch('firstName'), watch('lastName')]}
        />
      </div>
      <div className="grid gap-2">
        <Label htmlFor="register-confirm-password">Confirm password</Label>
        <PasswordInput
          id="register-confirm-password"
          autoComplete="new-password"
          placeholder="Repeat your password"
          aria-required="true"
          visibility={visibility}
          {...register('confirmPassword')}
        />
      </div>
      <Button
        type="submit"
        size="lg"
        className="mt-1 w-full"
        disabled={registration.isPending}
        data-testid="button-submit-register"
      >
        {registration.isPending ? <LoaderCircle className="animate-spin" aria-hidden="true" /> : null}
        {registration.isPending ? 'Creating account...' : 'Create Account'}
      </Button>
    </form>
  );
}

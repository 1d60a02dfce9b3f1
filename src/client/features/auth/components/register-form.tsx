import { checkRegisterForm, type RegisterForm as RegisterFormValues } from '@common/domain/auth-form-rules';
import { LoaderCircle } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { Button } from '@client/components/ui/button';
import { Field } from '@client/components/ui/form';
import { Input } from '@client/components/ui/input';
import { toast, toastAcrossReload } from '@client/components/ui/use-toast';
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
      },
    );
  });

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4" aria-label="Sign up">
      <div className="grid gap-4 sm:grid-cols-2">
        <Field id="register-first-name" label="First name">
          {(fieldControl) => (
            <Input
              {...fieldControl}
              autoComplete="given-name"
              placeholder="Jane"
              aria-required="true"
              {...register('firstName')}
            />
          )}
        </Field>
        <Field id="register-last-name" label="Last name" labelNote="(optional)">
          {(fieldControl) => (
            <Input {...fieldControl} autoComplete="family-name" placeholder="Doe" {...register('lastName')} />
          )}
        </Field>
      </div>
      <Field id="register-email" label="Email">
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
      <Field
        id="register-password"
        label="Password"
        hint="Use at least 8 characters; a few unrelated words work well."
      >
        {(fieldControl) => (
          <>
            <PasswordInput
              {...fieldControl}
              autoComplete="new-password"
              placeholder="At least 8 characters"
              aria-required="true"
              visibility={visibility}
              withToggle
              {...register('password')}
            />
            <PasswordStrengthMeter
              password={watch('password')}
              userInputs={[watch('email'), watch('firstName'), watch('lastName')]}
            />
          </>
        )}
      </Field>
      <Field id="register-confirm-password" label="Confirm password">
        {(fieldControl) => (
          <PasswordInput
            {...fieldControl}
            autoComplete="new-password"
            placeholder="Repeat your password"
            aria-required="true"
            visibility={visibility}
            {...register('confirmPassword')}
          />
        )}
      </Field>
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

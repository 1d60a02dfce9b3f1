import { checkRegisterForm, type RegisterForm as RegisterFormValues } from '@common/domain/auth-form-rules';
import { MAX_NAME_LENGTH } from '@common/domain/limits';
import { MAX_PASSWORD_LENGTH } from '@common/domain/password-policy';
import { useForm } from 'react-hook-form';
import { Field } from '@client/components/ui/form';
import { Input } from '@client/components/ui/input';
import { toast, toastAcrossReload } from '@client/components/ui/use-toast';
import { useRegisterMutation } from '../api';
import { AuthSubmitButton, EmailField, PasswordField } from './auth-fields';
import type { PasswordVisibility } from './password-input';
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
              maxLength={MAX_NAME_LENGTH}
              {...register('firstName')}
            />
          )}
        </Field>
        <Field id="register-last-name" label="Last name" labelNote="(optional)">
          {(fieldControl) => (
            <Input
              {...fieldControl}
              autoComplete="family-name"
              placeholder="Doe"
              maxLength={MAX_NAME_LENGTH}
              {...register('lastName')}
            />
          )}
        </Field>
      </div>
      <EmailField id="register-email" registration={register('email')} />
      <PasswordField
        id="register-password"
        label="Password"
        hint="Use at least 8 characters; a few unrelated words work well."
        autoComplete="new-password"
        placeholder="At least 8 characters"
        maxLength={MAX_PASSWORD_LENGTH}
        visibility={visibility}
        withToggle
        registration={register('password')}
      >
        <PasswordStrengthMeter
          password={watch('password')}
          userInputs={[watch('email'), watch('firstName'), watch('lastName')]}
        />
      </PasswordField>
      <PasswordField
        id="register-confirm-password"
        label="Confirm password"
        autoComplete="new-password"
        placeholder="Repeat your password"
        maxLength={MAX_PASSWORD_LENGTH}
        visibility={visibility}
        registration={register('confirmPassword')}
      />
      <AuthSubmitButton
        pending={registration.isPending}
        label="Create Account"
        pendingLabel="Creating account..."
        testId="button-submit-register"
      />
    </form>
  );
}

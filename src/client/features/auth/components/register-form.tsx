import { registerFormErrors, type RegisterForm as RegisterFormValues } from '@common/domain/auth-form-rules';
import { MAX_NAME_LENGTH } from '@common/domain/limits';
import { MAX_PASSWORD_LENGTH } from '@common/domain/password-policy';
import { useForm } from 'react-hook-form';
import { Field } from '@client/components/ui/form';
import { Input } from '@client/components/ui/input';
import { toast, toastAcrossReload } from '@client/components/ui/use-toast';
import { ApiError, serverMessage } from '@client/lib/api-error';
import { useDemoMode } from '@client/lib/session';
import { useRegisterMutation } from '../api';
import { AuthSubmitButton, EmailField, PasswordField } from './auth-fields';
import type { PasswordVisibility } from './password-input';
import { PasswordStrengthMeter } from './password-strength-meter';

const FIELDS: ReadonlyArray<keyof RegisterFormValues> = [
  'firstName',
  'lastName',
  'email',
  'password',
  'confirmPassword',
];
const isField = (name: unknown): name is keyof RegisterFormValues =>
  FIELDS.includes(name as keyof RegisterFormValues);

/**
 * Sign up. Every problem shows under its field (aria-invalid, aria-describedby), the form's own
 * checks and the server's refusals alike (a taken email, a weak password, a bad name); only a
 * failure that concerns no field (a lost connection, too many attempts) is a toast.
 */
export function RegisterForm({
  visibility,
  onSignedIn,
}: {
  visibility: PasswordVisibility;
  onSignedIn: () => void;
}) {
  const {
    register,
    handleSubmit,
    watch,
    setError,
    clearErrors,
    formState: { errors },
  } = useForm<RegisterFormValues>({
    defaultValues: { firstName: '', lastName: '', email: '', password: '', confirmPassword: '' },
  });
  const registration = useRegisterMutation();
  const demo = useDemoMode();

  /** Shows each message under its field and moves the focus to the first one. */
  function showErrors(problems: Array<[keyof RegisterFormValues, string]>) {
    const ordered = FIELDS.flatMap((field) => problems.filter(([name]) => name === field));
    ordered.forEach(([field, message], index) => setError(field, { message }, { shouldFocus: index === 0 }));
  }

  const onSubmit = handleSubmit((values) => {
    clearErrors();
    const problems = Object.entries(registerFormErrors(values)) as Array<[keyof RegisterFormValues, string]>;
    if (problems.length > 0) {
      showErrors(problems);
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
          // The note for developers shows only in a demo (DEMO on).
          toastAcrossReload({
            title: 'Account created!',
            description: demo
              ? 'Welcome to the product! You can now start trading.'
              : 'Your account is ready. You can now start swapping.',
          });
          onSignedIn();
        },
        onError: (error) => {
          const fieldIssues =
            error instanceof ApiError
              ? error.issues.flatMap((issue): Array<[keyof RegisterFormValues, string]> => {
                  const field = issue.path[0];
                  return isField(field) ? [[field, issue.message]] : [];
                })
              : [];
          if (fieldIssues.length > 0) {
            showErrors(fieldIssues);
            return;
          }
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
        <Field id="register-first-name" label="First name" errors={errors.firstName?.message}>
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
        <Field
          id="register-last-name"
          label="Last name"
          labelNote="(optional)"
          errors={errors.lastName?.message}
        >
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
      <EmailField id="register-email" registration={register('email')} errors={errors.email?.message} />
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
        errors={errors.password?.message}
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
        errors={errors.confirmPassword?.message}
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

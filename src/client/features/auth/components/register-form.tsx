import { registerFormErrors, type RegisterForm as RegisterFormValues } from '@common/domain/auth-form-rules';
import { MAX_NAME_LENGTH } from '@common/domain/limits';
import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from '@common/domain/password-policy';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Field } from '@client/components/ui/form';
import { Input } from '@client/components/ui/input';
import { toast } from '@client/components/ui/use-toast';
import { ApiError, errorText, issueText } from '@client/lib/api-error';
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
  const { t } = useTranslation('auth');
  const registration = useRegisterMutation();
  const demo = useDemoMode();

  /** The form's own message for a field registerFormErrors refused. */
  function formErrorText(field: keyof RegisterFormValues, values: RegisterFormValues): string {
    if (field === 'password') {
      return values.password
        ? t('register.errors.passwordTooShort', { count: MIN_PASSWORD_LENGTH })
        : t('register.errors.passwordRequired');
    }
    if (field === 'confirmPassword') return t('register.errors.passwordsDiffer');
    if (field === 'email') return t('register.errors.emailRequired');
    return t('register.errors.firstNameRequired');
  }

  /** Shows each message under its field and moves the focus to the first one. */
  function showErrors(problems: Array<[keyof RegisterFormValues, string]>) {
    const ordered = FIELDS.flatMap((field) => problems.filter(([name]) => name === field));
    ordered.forEach(([field, message], index) => setError(field, { message }, { shouldFocus: index === 0 }));
  }

  const onSubmit = handleSubmit((values) => {
    clearErrors();
    // The shared rule says which fields are wrong; the words are the page's language.
    const problems = (Object.keys(registerFormErrors(values)) as Array<keyof RegisterFormValues>).map(
      (field): [keyof RegisterFormValues, string] => [field, formErrorText(field, values)],
    );
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
          toast({
            title: t('register.successTitle'),
            description: demo ? t('register.successDemo') : t('register.successDescription'),
          });
          onSignedIn();
        },
        onError: (error) => {
          const fieldIssues =
            error instanceof ApiError
              ? error.issues.flatMap((issue): Array<[keyof RegisterFormValues, string]> => {
                  const field = issue.path[0];
                  return isField(field) ? [[field, issueText(issue)]] : [];
                })
              : [];
          if (fieldIssues.length > 0) {
            showErrors(fieldIssues);
            return;
          }
          toast({
            title: t('register.failedTitle'),
            description: errorText(error) ?? t('register.failedDescription'),
            variant: 'destructive',
          });
        },
      },
    );
  });

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4" aria-label={t('register.formLabel')}>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field id="register-first-name" label={t('fields.firstName')} errors={errors.firstName?.message}>
          {(fieldControl) => (
            <Input
              {...fieldControl}
              autoComplete="given-name"
              placeholder={t('fields.firstNamePlaceholder')}
              aria-required="true"
              maxLength={MAX_NAME_LENGTH}
              {...register('firstName')}
            />
          )}
        </Field>
        <Field
          id="register-last-name"
          label={t('fields.lastName')}
          labelNote={t('fields.optional')}
          errors={errors.lastName?.message}
        >
          {(fieldControl) => (
            <Input
              {...fieldControl}
              autoComplete="family-name"
              placeholder={t('fields.lastNamePlaceholder')}
              maxLength={MAX_NAME_LENGTH}
              {...register('lastName')}
            />
          )}
        </Field>
      </div>
      <EmailField id="register-email" registration={register('email')} errors={errors.email?.message} />
      <PasswordField
        id="register-password"
        label={t('fields.password')}
        hint={t('register.passwordHint', { count: MIN_PASSWORD_LENGTH })}
        autoComplete="new-password"
        placeholder={t('register.passwordPlaceholder', { count: MIN_PASSWORD_LENGTH })}
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
        label={t('fields.confirmPassword')}
        autoComplete="new-password"
        placeholder={t('register.confirmPlaceholder')}
        maxLength={MAX_PASSWORD_LENGTH}
        visibility={visibility}
        registration={register('confirmPassword')}
        errors={errors.confirmPassword?.message}
      />
      <AuthSubmitButton
        pending={registration.isPending}
        label={t('register.submit')}
        pendingLabel={t('register.pending')}
        testId="button-submit-register"
      />
    </form>
  );
}

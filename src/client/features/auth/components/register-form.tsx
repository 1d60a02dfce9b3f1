import { registerFormErrors, type RegisterForm as RegisterFormValues } from '@common/domain/auth-form-rules';
import { MAX_NAME_LENGTH } from '@common/domain/limits';
import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from '@common/domain/password-policy';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Field } from '@client/components/ui/form';
import { Input } from '@client/components/ui/input';
import { toast } from '@client/components/ui/use-toast';
import { errorText } from '@client/lib/api-error';
import {
  orderedProblems,
  serverFieldProblems,
  showFieldProblems,
  type FieldProblem,
} from '@client/lib/form-errors';
import { useDemoMode } from '@client/lib/session';
import { useCommunity } from '@client/lib/community';
import { useState } from 'react';
import { forgetInvitation, keptInvitation } from '../invitation';
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
  const community = useCommunity();
  const [invitation] = useState(keptInvitation);

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
  function showErrors(problems: ReadonlyArray<FieldProblem<keyof RegisterFormValues>>) {
    showFieldProblems(setError, orderedProblems(problems, FIELDS));
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
        ...(invitation ? { invitation } : {}),
      },
      {
        onSuccess: () => {
          forgetInvitation();
          // The note for developers shows only in a demo (DEMO on).
          toast({
            title: t('register.successTitle'),
            description: demo ? t('register.successDemo') : t('register.successDescription'),
          });
          onSignedIn();
        },
        onError: (error) => {
          const fieldIssues = serverFieldProblems(error, { fields: FIELDS });
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
      <JoiningNote
        registration={community?.registration ?? 'open'}
        domains={community?.allowedDomains ?? []}
        invited={Boolean(invitation)}
        hasRules={Boolean(community?.rules.trim())}
      />
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

/**
 * Who may join this community, said before the form (the server refuses the others with a 403), and
 * a link to the community's rules when it has some (the Terms page shows them only then).
 */
function JoiningNote({
  registration,
  domains,
  invited,
  hasRules,
}: {
  registration: 'open' | 'invite' | 'domains';
  domains: string[];
  invited: boolean;
  hasRules: boolean;
}) {
  const { t } = useTranslation('auth');
  const note =
    registration === 'invite'
      ? invited
        ? t('register.invitationPresent')
        : t('register.inviteOnly')
      : registration === 'domains'
        ? t('register.domainsOnly', { domains: domains.join(', ') })
        : null;
  if (!note && !hasRules) return null;
  return (
    <div className="grid gap-2 text-sm">
      {note ? (
        <p
          className="rounded-md border border-primary/30 bg-primary/5 px-3 py-2"
          data-testid="text-registration-rule"
        >
          {note}
        </p>
      ) : null}
      {hasRules ? (
        <p className="text-muted-foreground">
          <a
            href="/terms#community-rules"
            className="underline underline-offset-2"
            target="_blank"
            rel="noreferrer"
            data-testid="link-community-rules"
          >
            {t('register.rulesLink')}
          </a>
        </p>
      ) : null}
    </div>
  );
}

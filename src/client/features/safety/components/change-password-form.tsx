import { zodResolver } from '@hookform/resolvers/zod';
import { passwordChangeInput } from '@common/api/safety';
import { KeyRound, LoaderCircle } from 'lucide-react';
import { useId, useMemo, useState } from 'react';
import { useForm, type FieldError } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from '@common/domain/password-policy';
import { z } from 'zod';
import { Button } from '@client/components/ui/button';
import { Field } from '@client/components/ui/form';
import { errorText } from '@client/lib/api-error';
import { serverFieldProblems, showFieldProblems } from '@client/lib/form-errors';
import { toast } from '@client/components/ui/use-toast';
import { PasswordInput, PasswordStrengthMeter } from '@client/features/auth';
import { useChangePassword } from '../api';

/** The contract's rules, plus the confirmation, which never leaves the browser. */
function changePasswordForm(t: TFunction<'safety'>) {
  return passwordChangeInput
    .extend({ confirmPassword: z.string() })
    .refine((values) => values.confirmPassword === values.newPassword, {
      message: t('password.mismatch'),
      path: ['confirmPassword'],
    });
}
type ChangePasswordValues = z.infer<ReturnType<typeof changePasswordForm>>;
type PasswordField = keyof ChangePasswordValues;
/** The fields the server may refuse (the confirmation is the browser's own check). */
const PASSWORD_FIELDS = ['currentPassword', 'newPassword'] as const;

/**
 * The contract's messages are English (the server answers with them too); the form shows them in
 * the page's language, by field and by what failed.
 */
function fieldMessage(t: TFunction<'safety'>, field: PasswordField, error: FieldError | undefined) {
  if (!error) return undefined;
  if (field === 'currentPassword' && (error.type === 'too_small' || error.type === 'invalid_type')) {
    return t('password.currentRequired');
  }
  if (field === 'newPassword') {
    if (error.type === 'invalid_type') return t('password.newRequired');
    if (error.type === 'too_small') return t('password.tooShort', { min: MIN_PASSWORD_LENGTH });
    if (error.type === 'too_big') return t('password.tooLong', { max: MAX_PASSWORD_LENGTH });
  }
  return error.message;
}

const EMPTY: ChangePasswordValues = { currentPassword: '', newPassword: '', confirmPassword: '' };

/** Current, new and confirmed password. Changing it signs the member out everywhere else. */
export function ChangePasswordForm() {
  const { t } = useTranslation('safety');
  const id = useId();
  const [shown, setShown] = useState(false);
  const schema = useMemo(() => changePasswordForm(t), [t]);
  const visibility = { shown, toggle: () => setShown((value) => !value) };
  const change = useChangePassword();
  const {
    register,
    handleSubmit,
    reset,
    watch,
    setError,
    formState: { errors },
  } = useForm<ChangePasswordValues>({ resolver: zodResolver(schema), defaultValues: EMPTY });

  /** Brings the field in view in the middle of the screen (not under the sticky header). */
  const scrollToField = (name: PasswordField) =>
    document.getElementById(`${id}-${name}`)?.scrollIntoView({ block: 'center', behavior: 'smooth' });

  /** The server's refusal under the field it is about (a wrong current password, a refused new one). */
  function showServerError(error: Error) {
    const problems = serverFieldProblems(error, {
      fields: PASSWORD_FIELDS,
      codes: { 'auth.wrong_current_password': 'currentPassword' },
      fallback: t('errors.passwordNotChanged'),
    });
    if (problems.length === 0) {
      toast({
        title: t('errors.passwordNotChanged'),
        description: errorText(error) ?? undefined,
        variant: 'destructive',
      });
      return;
    }
    showFieldProblems(setError, problems);
    if (problems[0]) scrollToField(problems[0][0]);
  }

  const submit = handleSubmit(
    ({ currentPassword, newPassword }) => {
      change.mutate(
        { currentPassword, newPassword },
        {
          onSuccess: () => {
            reset(EMPTY);
            setShown(false);
            toast({ title: t('password.changed.title'), description: t('password.changed.description') });
          },
          onError: showServerError,
        },
      );
    },
    (invalid) => {
      const first = (['currentPassword', 'newPassword', 'confirmPassword'] as const).find(
        (name) => invalid[name],
      );
      if (first) scrollToField(first);
    },
  );

  const fields = [
    {
      name: 'currentPassword',
      labelKey: 'password.current',
      autoComplete: 'current-password',
      testId: 'input-current-password',
      withStrength: false,
    },
    {
      name: 'newPassword',
      labelKey: 'password.new',
      autoComplete: 'new-password',
      testId: 'input-new-password',
      withStrength: true,
    },
    {
      name: 'confirmPassword',
      labelKey: 'password.confirm',
      autoComplete: 'new-password',
      testId: 'input-confirm-password',
      withStrength: false,
    },
  ] as const;

  return (
    <form
      onSubmit={submit}
      noValidate
      className="grid gap-4"
      aria-labelledby={`${id}-title`}
      data-testid="form-change-password"
    >
      <div className="space-y-1">
        <h3 id={`${id}-title`} className="font-semibold">
          {t('password.title')}
        </h3>
        <p className="text-sm text-muted-foreground">{t('password.intro')}</p>
      </div>
      <div className="grid gap-4 md:grid-cols-3">
        {fields.map((field, index) => (
          <Field
            key={field.name}
            id={`${id}-${field.name}`}
            label={t(field.labelKey)}
            errors={fieldMessage(t, field.name, errors[field.name])}
          >
            {(fieldControl) => (
              <>
                <PasswordInput
                  {...fieldControl}
                  autoComplete={field.autoComplete}
                  visibility={visibility}
                  withToggle={index === 0}
                  {...register(field.name)}
                  data-testid={field.testId}
                />
                {field.withStrength ? <PasswordStrengthMeter password={watch('newPassword')} /> : null}
              </>
            )}
          </Field>
        ))}
      </div>
      <div>
        <Button type="submit" disabled={change.isPending} data-testid="button-change-password">
          {change.isPending ? (
            <LoaderCircle className="animate-spin" aria-hidden="true" />
          ) : (
            <KeyRound aria-hidden="true" />
          )}
          {change.isPending ? t('password.changing') : t('password.change')}
        </Button>
      </div>
    </form>
  );
}

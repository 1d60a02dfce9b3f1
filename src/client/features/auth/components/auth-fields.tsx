import { MAX_EMAIL_LENGTH } from '@common/domain/limits';
import { LoaderCircle } from 'lucide-react';
import type { ReactNode } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Button } from '@client/components/ui/button';
import { Field, type ListOfErrors } from '@client/components/ui/form';
import { Input } from '@client/components/ui/input';
import { PasswordInput, type PasswordVisibility } from './password-input';

/** The sign-in and sign-up email field, capped at the longest address the contract accepts. */
export function EmailField({
  id,
  registration,
  errors,
}: {
  id: string;
  registration: UseFormRegisterReturn;
  errors?: ListOfErrors;
}) {
  const { t } = useTranslation('auth');
  return (
    <Field id={id} label={t('fields.email')} errors={errors}>
      {(fieldControl) => (
        <Input
          {...fieldControl}
          type="email"
          autoComplete="email"
          inputMode="email"
          placeholder={t('fields.emailPlaceholder')}
          aria-required="true"
          maxLength={MAX_EMAIL_LENGTH}
          {...registration}
        />
      )}
    </Field>
  );
}

/**
 * A required password field of the auth dialog; its visibility follows the dialog-wide toggle,
 * which the field given `withToggle` renders. `children` follow the input (the strength meter).
 */
export function PasswordField({
  id,
  label,
  hint,
  autoComplete,
  placeholder,
  maxLength,
  visibility,
  withToggle = false,
  registration,
  errors,
  children,
}: {
  id: string;
  label: string;
  hint?: string;
  autoComplete: 'current-password' | 'new-password';
  placeholder: string;
  maxLength: number;
  visibility: PasswordVisibility;
  withToggle?: boolean;
  registration: UseFormRegisterReturn;
  errors?: ListOfErrors;
  children?: ReactNode;
}) {
  return (
    <Field id={id} label={label} hint={hint} errors={errors}>
      {(fieldControl) => (
        <>
          <PasswordInput
            {...fieldControl}
            autoComplete={autoComplete}
            placeholder={placeholder}
            aria-required="true"
            maxLength={maxLength}
            visibility={visibility}
            withToggle={withToggle}
            {...registration}
          />
          {children}
        </>
      )}
    </Field>
  );
}

/** The dialog's full-width submit button, with a spinner and `pendingLabel` while the request runs. */
export function AuthSubmitButton({
  pending,
  label,
  pendingLabel,
  testId,
}: {
  pending: boolean;
  label: string;
  pendingLabel: string;
  testId: string;
}) {
  return (
    <Button type="submit" size="lg" className="mt-1 w-full" disabled={pending} data-testid={testId}>
      {pending ? <LoaderCircle className="animate-spin" aria-hidden="true" /> : null}
      {pending ? pendingLabel : label}
    </Button>
  );
}

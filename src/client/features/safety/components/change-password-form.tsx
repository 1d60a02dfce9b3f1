import { zodResolver } from '@hookform/resolvers/zod';
import { passwordChangeInput } from '@common/api/safety';
import { KeyRound, LoaderCircle } from 'lucide-react';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { Button } from '@client/components/ui/button';
import { Field } from '@client/components/ui/form';
import { toast } from '@client/components/ui/use-toast';
import { PasswordInput, PasswordStrengthMeter } from '@client/features/auth';
import { useChangePassword } from '../api';

/** The contract's rules, plus the confirmation, which never leaves the browser. */
const changePasswordForm = passwordChangeInput
  .extend({ confirmPassword: z.string() })
  .refine((values) => values.confirmPassword === values.newPassword, {
    message: 'The passwords do not match',
    path: ['confirmPassword'],
  });
type ChangePasswordValues = z.infer<typeof changePasswordForm>;

const EMPTY: ChangePasswordValues = { currentPassword: '', newPassword: '', confirmPassword: '' };

/** Current, new and confirmed password. Changing it signs the member out everywhere else. */
export function ChangePasswordForm() {
  const id = useId();
  const [shown, setShown] = useState(false);
  const visibility = { shown, toggle: () => setShown((value) => !value) };
  const change = useChangePassword();
  const {
    register,
    handleSubmit,
    reset,
    watch,
    formState: { errors },
  } = useForm<ChangePasswordValues>({ resolver: zodResolver(changePasswordForm), defaultValues: EMPTY });

  const submit = handleSubmit(({ currentPassword, newPassword }) => {
    change.mutate(
      { currentPassword, newPassword },
      {
        onSuccess: () => {
          reset(EMPTY);
          setShown(false);
          toast({ title: 'Password changed', description: 'Your other sessions were signed out.' });
        },
      },
    );
  });

  const fields = [
    {
      name: 'currentPassword',
      label: 'Current password',
      autoComplete: 'current-password',
      testId: 'input-current-password',
    },
    {
      name: 'newPassword',
      label: 'New password',
      autoComplete: 'new-password',
      testId: 'input-new-password',
    },
    {
      name: 'confirmPassword',
      label: 'Confirm new password',
      autoComplete: 'new-password',
      testId: 'input-confirm-password',
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
          Change password
        </h3>
        <p className="text-sm text-muted-foreground">
          At least 8 characters, not a common one. You stay signed in here; your other devices are signed out.
        </p>
      </div>
      <div className="grid gap-4 md:grid-cols-3">
        {fields.map((field, index) => (
          <Field
            key={field.name}
            id={`${id}-${field.name}`}
            label={field.label}
            errors={errors[field.name]?.message}
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
                {field.name === 'newPassword' ? <PasswordStrengthMeter password={watch('newPassword')} /> : null}
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
          {change.isPending ? 'Changing...' : 'Change password'}
        </Button>
      </div>
    </form>
  );
}

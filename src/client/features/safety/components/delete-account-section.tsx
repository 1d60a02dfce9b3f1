import { accountDeletionInput } from '@common/api/safety';
import { useQueryClient } from '@tanstack/react-query';
import { Trash2, TriangleAlert } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useForm } from 'react-hook-form';
import { useLocation } from 'wouter';
import type { z } from 'zod';
import { Button } from '@client/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '@client/components/ui/dialog';
import { ConfirmDialogFooter } from '@client/components/ui/confirm-dialog-footer';
import { Input } from '@client/components/ui/input';
import { Field } from '@client/components/ui/form';
import { toast } from '@client/components/ui/use-toast';
import { localizedResolver } from '@client/lib/form-resolver';
import { forgetSession } from '@client/lib/session';
import { useDeleteAccount } from '../api';

type DeleteAccountValues = z.infer<typeof accountDeletionInput>;

/** The Account card's danger zone: delete the account, confirmed with the password. */
export function DeleteAccountSection() {
  const { t } = useTranslation('safety');
  const id = useId();
  const [open, setOpen] = useState(false);

  return (
    <section
      aria-labelledby={`${id}-title`}
      className="flex flex-col gap-4 rounded-lg border border-destructive/40 bg-destructive/5 p-4 sm:flex-row sm:items-center sm:justify-between"
    >
      <div className="space-y-1">
        <h3 id={`${id}-title`} className="font-semibold text-destructive">
          {t('deleteAccount.title')}
        </h3>
        <p className="text-sm text-muted-foreground">{t('deleteAccount.intro')}</p>
      </div>
      <Button
        variant="destructive"
        className="self-start sm:self-auto"
        onClick={() => setOpen(true)}
        aria-haspopup="dialog"
        data-testid="button-delete-account"
      >
        <Trash2 aria-hidden="true" />
        {t('deleteAccount.button')}
      </Button>
      <DeleteAccountDialog open={open} onOpenChange={setOpen} />
    </section>
  );
}

function DeleteAccountDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useTranslation('safety');
  const id = useId();
  const [, navigate] = useLocation();
  const queryClient = useQueryClient();
  const deletion = useDeleteAccount();
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<DeleteAccountValues>({
    resolver: localizedResolver(accountDeletionInput),
    defaultValues: { password: '' },
  });

  const changeOpen = (next: boolean) => {
    if (!next) reset();
    onOpenChange(next);
  };

  // Home first, then signed out: the profile route leaves before the visitor route set applies.
  const submit = handleSubmit(async ({ password }) => {
    try {
      await deletion.mutateAsync(password);
    } catch {
      // The mutation's meta reports the failure (query-client.ts).
      return;
    }
    navigate('/', { replace: true });
    forgetSession(queryClient);
    toast({
      title: t('deleteAccount.deleted.title'),
      description: t('deleteAccount.deleted.description'),
    });
  });

  return (
    <Dialog open={open} onOpenChange={changeOpen}>
      <DialogContent data-testid="dialog-delete-account">
        <DialogHeader className="text-left">
          <DialogTitle className="flex items-center gap-2">
            <TriangleAlert className="size-5 shrink-0 text-destructive" aria-hidden="true" />
            {t('deleteAccount.dialogTitle')}
          </DialogTitle>
          <DialogDescription>{t('deleteAccount.dialogText')}</DialogDescription>
        </DialogHeader>
        <form onSubmit={submit} noValidate className="grid gap-5" aria-label={t('deleteAccount.formLabel')}>
          <Field
            id={`${id}-password`}
            label={t('deleteAccount.passwordLabel')}
            errors={
              errors.password && errors.password.type !== 'too_big'
                ? t('password.required')
                : errors.password?.message
            }
          >
            {(fieldControl) => (
              <Input
                {...fieldControl}
                type="password"
                autoComplete="current-password"
                {...register('password')}
                data-testid="input-delete-password"
              />
            )}
          </Field>
          <ConfirmDialogFooter
            cancelLabel={t('common:actions.cancel')}
            onCancel={() => changeOpen(false)}
            confirmLabel={t('deleteAccount.confirm')}
            pendingLabel={t('deleteAccount.deleting')}
            icon={Trash2}
            pending={deletion.isPending}
            destructive
            testId="button-confirm-delete-account"
          />
        </form>
      </DialogContent>
    </Dialog>
  );
}

import { zodResolver } from '@hookform/resolvers/zod';
import { accountDeletionInput } from '@common/api/safety';
import { useQueryClient } from '@tanstack/react-query';
import { Trash2, TriangleAlert } from 'lucide-react';
import { useId, useState } from 'react';
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
import { forgetSession } from '@client/lib/session';
import { useDeleteAccount } from '../api';

type DeleteAccountValues = z.infer<typeof accountDeletionInput>;

/** The Account card's danger zone: delete the account, confirmed with the password. */
export function DeleteAccountSection() {
  const id = useId();
  const [open, setOpen] = useState(false);

  return (
    <section
      aria-labelledby={`${id}-title`}
      className="flex flex-col gap-4 rounded-lg border border-destructive/40 bg-destructive/5 p-4 sm:flex-row sm:items-center sm:justify-between"
    >
      <div className="space-y-1">
        <h3 id={`${id}-title`} className="font-semibold text-destructive">
          Delete account
        </h3>
        <p className="text-sm text-muted-foreground">
          Removes your profile, listings, wishlist and messages for good. This cannot be undone.
        </p>
      </div>
      <Button
        variant="destructive"
        className="self-start sm:self-auto"
        onClick={() => setOpen(true)}
        aria-haspopup="dialog"
        data-testid="button-delete-account"
      >
        <Trash2 aria-hidden="true" />
        Delete account
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
    resolver: zodResolver(accountDeletionInput),
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
      title: 'Account deleted',
      description: 'Your account and listings have been removed. Sorry to see you go.',
    });
  });

  return (
    <Dialog open={open} onOpenChange={changeOpen}>
      <DialogContent data-testid="dialog-delete-account">
        <DialogHeader className="text-left">
          <DialogTitle className="flex items-center gap-2">
            <TriangleAlert className="size-5 shrink-0 text-destructive" aria-hidden="true" />
            Delete your account?
          </DialogTitle>
          <DialogDescription>
            Your profile, listings, favourites, wishlist and conversations are deleted and you are signed out.
            Finish any accepted trades first. This cannot be undone.
          </DialogDescription>
        </DialogHeader>
        <form onSubmit={submit} noValidate className="grid gap-5" aria-label="Delete account">
          <Field
            id={`${id}-password`}
            label="Enter your password to confirm"
            errors={errors.password?.message}
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
            cancelLabel="Cancel"
            onCancel={() => changeOpen(false)}
            confirmLabel="Delete my account"
            pendingLabel="Deleting..."
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

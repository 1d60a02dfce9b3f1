import { accountDeletionInput } from '@common/api/safety';
import type { TradeRequest } from '@common/api/trades';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { ErrorResponse } from '@common/api/common';
import { displayName } from '@common/domain/display-name';
import { ArrowLeftRight, Repeat, Trash2, TriangleAlert } from 'lucide-react';
import type { TFunction } from 'i18next';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useForm } from 'react-hook-form';
import { Link, useLocation } from 'wouter';
import { useAuth } from '@client/lib/session';
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
import { ApiError } from '@client/lib/api-error';
import { localizedResolver } from '@client/lib/form-resolver';
import { forgetSession } from '@client/lib/session';
import { ringPath, tradePath } from '@common/domain/notification-links';
import { useDeleteAccount } from '../api';

type DeleteAccountValues = z.infer<typeof accountDeletionInput>;
type Blocker = NonNullable<ErrorResponse['blockers']>[number];

/** Where a blocker is finished: the trade's page, or the ring's. */
export function blockerHref(blocker: Blocker): string {
  return blocker.kind === 'trade' ? tradePath(blocker.id) : ringPath(blocker.id);
}

function blockerLabel(t: TFunction<'safety'>, blocker: Blocker, partner: string | null) {
  if (blocker.kind === 'trade') {
    return partner ? t('deleteAccount.blockerTradeWith', { name: partner }) : t('deleteAccount.blockerTrade');
  }
  return t('deleteAccount.blockerRing');
}

/** A refused deletion names each accepted trade (with whom) and swap ring to finish, each a link to it. */
function DeletionBlockers({ blockers }: { blockers: Blocker[] }) {
  const { t } = useTranslation('safety');
  const { user } = useAuth();
  // The member's trades, as Barter Requests reads them (the same query), to name each partner.
  const trades = useQuery<TradeRequest[]>({
    queryKey: ['/api/trade-requests'],
    enabled: blockers.some((blocker) => blocker.kind === 'trade'),
  });
  const partnerOf = (tradeId: string) => {
    const trade = trades.data?.find((candidate) => candidate.id === tradeId);
    if (!trade) return null;
    return displayName(trade.requester.id === user?.id ? trade.owner : trade.requester);
  };
  return (
    <div
      role="alert"
      className="grid gap-2 rounded-md border border-destructive/40 bg-destructive/5 p-3 text-sm"
      data-testid="deletion-blockers"
    >
      <p className="font-medium">{t('deleteAccount.blocked', { count: blockers.length })}</p>
      <ul className="grid gap-1">
        {blockers.map((blocker) => {
          const partner = blocker.kind === 'trade' ? partnerOf(blocker.id) : null;
          const Icon = blocker.kind === 'trade' ? ArrowLeftRight : Repeat;
          return (
            <li key={`${blocker.kind}-${blocker.id}`}>
              <Link
                href={blockerHref(blocker)}
                className="inline-flex min-h-6 items-center gap-1.5 text-primary underline-offset-4 hover:underline"
                data-testid={`link-blocker-${blocker.kind}-${blocker.id}`}
              >
                <Icon className="size-4 shrink-0" aria-hidden="true" />
                {blockerLabel(t, blocker, partner)}
              </Link>
            </li>
          );
        })}
      </ul>
    </div>
  );
}

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
    if (!next) {
      reset();
      setBlockers([]);
    }
    onOpenChange(next);
  };

  // Home first, then signed out: the profile route leaves before the visitor route set applies.
  const [blockers, setBlockers] = useState<Blocker[]>([]);

  const submit = handleSubmit(async ({ password }) => {
    setBlockers([]);
    try {
      await deletion.mutateAsync(password);
    } catch (error) {
      // The mutation's meta reports the failure (query-client.ts); what blocks it shows here too.
      if (error instanceof ApiError) setBlockers(error.blockers);
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
        {blockers.length > 0 ? <DeletionBlockers blockers={blockers} /> : null}
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

import type { TradeRequest } from '@common/api/trades';
import { MAX_CANCEL_REASON } from '@common/domain/trade-state';
import { X } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '@client/components/ui/dialog';
import { ConfirmDialogFooter } from '@client/components/ui/confirm-dialog-footer';
import { Label } from '@client/components/ui/label';
import { Textarea } from '@client/components/ui/textarea';
import { toast } from '@client/components/ui/use-toast';
import { useUpdateTradeStatus } from '../api';

/** What the trade card gives each of its dialogs (cancel, dispute). */
export interface TradeDialogProps {
  trade: TradeRequest;
  partnerName: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** Cancels an accepted trade, with an optional reason the partner sees. */
export function CancelTradeDialog({ trade, partnerName, open, onOpenChange }: TradeDialogProps) {
  const { t } = useTranslation('trades');
  const id = useId();
  const [reason, setReason] = useState('');
  const update = useUpdateTradeStatus();

  const close = () => {
    onOpenChange(false);
    setReason('');
  };

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    try {
      await update.mutateAsync({ id: trade.id, status: 'cancelled', reason: reason.trim() || undefined });
    } catch {
      // The mutation's own meta reports the failure (useUpdateTradeStatus).
      return;
    }
    toast({ title: t('cancel.done'), description: t('notified', { name: partnerName }) });
    close();
  };

  return (
    <Dialog open={open} onOpenChange={(next) => (next ? onOpenChange(true) : close())}>
      <DialogContent data-testid="dialog-cancel-trade">
        <DialogHeader className="text-left">
          <DialogTitle>{t('cancel.title')}</DialogTitle>
          <DialogDescription>{t('cancel.description', { name: partnerName })}</DialogDescription>
        </DialogHeader>
        <form
          onSubmit={(event) => void submit(event)}
          noValidate
          className="grid gap-5"
          aria-label={t('cancel.formLabel')}
        >
          <div className="grid gap-2">
            <Label htmlFor={`${id}-reason`}>
              {t('cancel.reason')}{' '}
              <span className="font-normal text-muted-foreground">
                {t('cancel.reasonNote', { name: partnerName })}
              </span>
            </Label>
            <Textarea
              id={`${id}-reason`}
              rows={3}
              maxLength={MAX_CANCEL_REASON}
              value={reason}
              onChange={(event) => setReason(event.target.value)}
              aria-describedby={`${id}-count`}
              data-testid="input-cancel-reason"
            />
            <span id={`${id}-count`} className="text-right text-xs text-muted-foreground tabular-nums">
              {reason.length}/{MAX_CANCEL_REASON}
            </span>
          </div>
          <ConfirmDialogFooter
            cancelLabel={t('cancel.keep')}
            onCancel={close}
            confirmLabel={t('cancel.confirm')}
            icon={X}
            pending={update.isPending}
            destructive
            testId="button-confirm-cancel"
          />
        </form>
      </DialogContent>
    </Dialog>
  );
}

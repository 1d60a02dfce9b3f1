import type { Item } from '@common/api/items';
import { MAX_TRADE_MESSAGE_LENGTH } from '@common/domain/limits';
import { Gift, Undo2 } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@client/components/ui/button';
import { ConfirmDialogFooter } from '@client/components/ui/confirm-dialog-footer';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '@client/components/ui/dialog';
import { Label } from '@client/components/ui/label';
import { Textarea } from '@client/components/ui/textarea';
import { toast } from '@client/components/ui/use-toast';
import { useAskForGiveaway, useMyGiveawayAsk, useWithdrawGiveawayAsk } from '../api';

/**
 * "Ask for it" on a giveaway someone else lists (docs/product.md, Giveaways): a member asks without
 * offering anything, with an optional note; once asked, the button says so and can withdraw.
 * `onVisitor` opens the sign-in dialog for a visitor instead.
 */
export function AskForGiveaway({
  item,
  isMember,
  onVisitor,
}: {
  item: Item;
  isMember: boolean;
  onVisitor: () => void;
}) {
  const { t } = useTranslation('items');
  const id = useId();
  const [open, setOpen] = useState(false);
  const [message, setMessage] = useState('');
  const mine = useMyGiveawayAsk(item.id, isMember);
  const ask = useAskForGiveaway(item.id);
  const withdraw = useWithdrawGiveawayAsk(item.id);
  const asked = mine.data?.ask ?? null;

  const close = () => {
    setOpen(false);
    setMessage('');
  };
  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    try {
      await ask.mutateAsync({ message: message.trim() || null });
    } catch {
      return; // reported by the mutation's meta
    }
    toast({
      title: t('giveaway.asked'),
      description: t('giveaway.askedDescription', { name: item.owner.firstName }),
    });
    close();
  };

  if (asked) {
    return (
      <div className="flex w-full flex-wrap items-center gap-2 sm:w-auto" data-testid="giveaway-asked">
        <p className="inline-flex items-center gap-1.5 text-sm text-muted-foreground">
          <Gift className="size-4 shrink-0" aria-hidden="true" />
          {t('giveaway.youAsked', { name: item.owner.firstName })}
        </p>
        <Button
          variant="outline"
          size="sm"
          disabled={withdraw.isPending}
          onClick={() => void withdraw.mutateAsync().catch(() => undefined)}
          data-testid="button-giveaway-withdraw"
        >
          <Undo2 aria-hidden="true" />
          {t('giveaway.withdraw')}
        </Button>
      </div>
    );
  }

  return (
    <>
      <Button
        className="flex-1 sm:flex-none"
        onClick={() => (isMember ? setOpen(true) : onVisitor())}
        aria-haspopup="dialog"
        disabled={isMember && mine.isPending}
        data-testid="button-giveaway-ask"
      >
        <Gift aria-hidden="true" />
        {t('giveaway.ask')}
      </Button>
      <Dialog open={open} onOpenChange={(next) => (next ? setOpen(true) : close())}>
        <DialogContent data-testid="dialog-giveaway-ask">
          <DialogHeader className="text-left">
            <DialogTitle>{t('giveaway.askTitle', { title: item.title })}</DialogTitle>
            <DialogDescription>
              {t('giveaway.askDescription', { name: item.owner.firstName })}
            </DialogDescription>
          </DialogHeader>
          <form onSubmit={(event) => void submit(event)} noValidate className="grid gap-5">
            <div className="grid gap-2">
              <Label htmlFor={`${id}-message`}>
                {t('giveaway.message')}{' '}
                <span className="font-normal text-muted-foreground">{t('giveaway.optional')}</span>
              </Label>
              <Textarea
                id={`${id}-message`}
                rows={3}
                maxLength={MAX_TRADE_MESSAGE_LENGTH}
                value={message}
                onChange={(event) => setMessage(event.target.value)}
                placeholder={t('giveaway.messagePlaceholder')}
                data-testid="input-giveaway-message"
              />
            </div>
            <ConfirmDialogFooter
              cancelLabel={t('giveaway.cancel')}
              onCancel={close}
              confirmLabel={t('giveaway.send')}
              icon={Gift}
              pending={ask.isPending}
              testId="button-giveaway-send"
            />
          </form>
        </DialogContent>
      </Dialog>
    </>
  );
}

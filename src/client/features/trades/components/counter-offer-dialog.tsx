import type { Item } from '@common/api/items';
import type { TradeRequest } from '@common/api/trades';
import { MAX_BUNDLE_ITEMS, MAX_TRADE_MESSAGE_LENGTH } from '@common/domain/limits';
import { offerableItems } from '@common/domain/trade-board';
import { Repeat } from 'lucide-react';
import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialogFooter } from '@client/components/ui/confirm-dialog-footer';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '@client/components/ui/dialog';
import { Label } from '@client/components/ui/label';
import { Skeleton } from '@client/components/ui/skeleton';
import { Textarea } from '@client/components/ui/textarea';
import { toast } from '@client/components/ui/use-toast';
import { ValueComparison } from '@client/components/value-comparison';
import { useFormat } from '@client/i18n/format';
import { cn } from '@client/lib/utils';
import { useUserItems } from '@client/features/users';
import { useCounterOffer } from '../api';
import type { TradeDialogProps } from './cancel-trade-dialog';
import { CheckMark } from './check-mark';
import { ItemThumbnail } from './item-thumbnail';

/**
 * A counter-offer (docs/product.md § Bundles and counter-offers): the member who must answer the
 * latest offer picks other items for either side, up to MAX_BUNDLE_ITEMS each, from the owner's
 * closet (what the requester gets) and the requester's (what the owner gets).
 */
export function CounterOfferDialog({ trade, partnerName, open, onOpenChange }: TradeDialogProps) {
  const { t } = useTranslation('trades');
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        className="max-h-[90dvh] overflow-y-auto sm:max-w-2xl"
        data-testid="dialog-counter-offer"
      >
        <DialogHeader className="text-left">
          <DialogTitle>{t('counter.title')}</DialogTitle>
          <DialogDescription>{t('counter.description', { name: partnerName })}</DialogDescription>
        </DialogHeader>
        {open ? (
          <CounterOfferForm trade={trade} partnerName={partnerName} onDone={() => onOpenChange(false)} />
        ) : null}
      </DialogContent>
    </Dialog>
  );
}

function CounterOfferForm({
  trade,
  partnerName,
  onDone,
}: {
  trade: TradeRequest;
  partnerName: string;
  onDone: () => void;
}) {
  const { t } = useTranslation('trades');
  const format = useFormat();
  const id = useId();
  const counter = useCounterOffer();
  const ownerItems = useUserItems(trade.owner.id);
  const requesterItems = useUserItems(trade.requester.id);
  const [requestedIds, setRequestedIds] = useState(() => trade.requestedItems.map((item) => item.id));
  const [offeredIds, setOfferedIds] = useState(() => trade.offeredItems.map((item) => item.id));
  const [message, setMessage] = useState('');
  const ownerChoices = useMemo(() => offerableItems(ownerItems.data ?? [], ''), [ownerItems.data]);
  const requesterChoices = useMemo(
    () => offerableItems(requesterItems.data ?? [], ''),
    [requesterItems.data],
  );
  const incoming = trade.side === 'incoming';
  const total = (list: Item[], ids: string[]) =>
    list.filter((item) => ids.includes(item.id)).reduce((sum, item) => sum + item.estimatedValue, 0);
  const unchanged =
    requestedIds.join() === trade.requestedItems.map((item) => item.id).join() &&
    offeredIds.join() === trade.offeredItems.map((item) => item.id).join();

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    try {
      await counter.mutateAsync({
        id: trade.id,
        requestedItemIds: requestedIds,
        offeredItemIds: offeredIds,
        message: message.trim() || undefined,
      });
    } catch {
      // Reported by the mutation's own error handling (useCounterOffer).
      return;
    }
    toast({ title: t('counter.sent'), description: t('notified', { name: partnerName }) });
    onDone();
  };

  // The member's own closet first: what they give.
  const sides = [
    {
      key: 'requested' as const,
      legend: incoming ? t('counter.youGive') : t('counter.theyGive', { name: partnerName }),
      choices: ownerChoices,
      loading: ownerItems.isPending,
      ids: requestedIds,
      set: setRequestedIds,
    },
    {
      key: 'offered' as const,
      legend: incoming ? t('counter.theyGive', { name: partnerName }) : t('counter.youGive'),
      choices: requesterChoices,
      loading: requesterItems.isPending,
      ids: offeredIds,
      set: setOfferedIds,
    },
  ];
  if (!incoming) sides.reverse();
  const mine = sides[0];
  const theirs = sides[1];

  return (
    <form
      onSubmit={(event) => void submit(event)}
      noValidate
      className="grid min-w-0 gap-5"
      aria-label={t('counter.formLabel')}
    >
      <div className="grid min-w-0 gap-4 sm:grid-cols-2">
        {sides.map((side) => (
          <fieldset
            key={side.key}
            className="grid min-w-0 content-start gap-2"
            data-testid={`counter-side-${side.key}`}
          >
            <legend className="mb-2 text-sm font-medium">
              {side.legend}{' '}
              <span className="font-normal text-muted-foreground">
                {t('counter.sideCount', { count: side.ids.length, max: MAX_BUNDLE_ITEMS })}
              </span>
            </legend>
            {side.loading ? (
              <Skeleton className="h-[4.5rem] w-full" />
            ) : (
              side.choices.map((item) => {
                const checked = side.ids.includes(item.id);
                const full = !checked && side.ids.length >= MAX_BUNDLE_ITEMS;
                return (
                  <label
                    key={item.id}
                    className={cn(
                      'flex min-w-0 cursor-pointer items-center gap-2.5 rounded-lg border bg-card p-2 transition-colors hover:bg-accent/60',
                      'has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring',
                      checked && 'border-primary bg-secondary/60 ring-1 ring-primary',
                      full && 'cursor-not-allowed opacity-60',
                    )}
                    data-testid={`option-counter-${side.key}-${item.id}`}
                  >
                    <input
                      type="checkbox"
                      className="sr-only"
                      checked={checked}
                      disabled={full}
                      onChange={() =>
                        side.set((list) =>
                          checked ? list.filter((other) => other !== item.id) : [...list, item.id],
                        )
                      }
                    />
                    <ItemThumbnail images={item.images} className="size-10" />
                    <span className="min-w-0 flex-1">
                      <span className="line-clamp-2 text-sm font-medium break-words">{item.title}</span>
                      <span className="block text-xs text-muted-foreground">
                        {format.money(item.estimatedValue)}
                      </span>
                    </span>
                    <CheckMark checked={checked} />
                  </label>
                );
              })
            )}
          </fieldset>
        ))}
      </div>
      {mine && theirs && mine.ids.length > 0 && theirs.ids.length > 0 ? (
        <ValueComparison
          yours={{ title: t('itemCount', { count: mine.ids.length }), value: total(mine.choices, mine.ids) }}
          theirs={{
            title: t('itemCount', { count: theirs.ids.length }),
            value: total(theirs.choices, theirs.ids),
          }}
        />
      ) : null}
      <div className="grid gap-2">
        <Label htmlFor={`${id}-message`}>
          {t('fields.message')}{' '}
          <span className="font-normal text-muted-foreground">{t('fields.optional')}</span>
        </Label>
        <Textarea
          id={`${id}-message`}
          rows={2}
          maxLength={MAX_TRADE_MESSAGE_LENGTH}
          value={message}
          onChange={(event) => setMessage(event.target.value)}
          data-testid="input-counter-message"
        />
      </div>
      {unchanged ? (
        <p className="text-sm text-muted-foreground" role="status">
          {t('counter.unchanged')}
        </p>
      ) : null}
      <ConfirmDialogFooter
        cancelLabel={t('common:actions.back')}
        onCancel={onDone}
        confirmLabel={t('counter.send')}
        icon={Repeat}
        pending={counter.isPending}
        disabled={unchanged || requestedIds.length === 0 || offeredIds.length === 0}
        testId="button-send-counter"
      />
    </form>
  );
}

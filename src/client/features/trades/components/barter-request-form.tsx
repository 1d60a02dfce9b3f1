import type { Item } from '@common/api/items';
import { offerableItems } from '@common/domain/trade-board';
import { defaultTradeMessage } from '@common/domain/trade-state';
import { MAX_BUNDLE_ITEMS, MAX_TRADE_MESSAGE_LENGTH } from '@common/domain/limits';
import { ArrowLeftRight, LoaderCircle } from 'lucide-react';
import { useId, useMemo, useState, type FormEvent } from 'react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { Button } from '@client/components/ui/button';
import { ValueComparison } from '@client/components/value-comparison';
import { DialogFooter } from '@client/components/ui/dialog';
import { Field } from '@client/components/ui/form';
import { Skeleton } from '@client/components/ui/skeleton';
import { toast } from '@client/components/ui/use-toast';
import { useFormat } from '@client/i18n/format';
import { cn } from '@client/lib/utils';
import { ListItemButton } from '@client/features/items';
import { useUserItems } from '@client/features/users';
import { useCreateTradeRequest } from '../api';
import { CheckMark } from './check-mark';
import { ItemThumbnail } from './item-thumbnail';
import { Textarea } from '@client/components/ui/textarea';
import { TradePreviewButton } from './trade-preview-button';

/** docs/product.md (Trades): 'Make a Barter Request': choose one of your items, add a message, confirm. */
export function BarterRequestForm({
  item,
  memberId,
  onSent,
}: {
  item: Item;
  memberId: string;
  onSent: () => void;
}) {
  const { t } = useTranslation('trades');
  const myItems = useUserItems(memberId);
  const theirItems = useUserItems(item.userId);
  const offerable = useMemo(() => offerableItems(myItems.data ?? [], item.id), [myItems.data, item.id]);
  const alsoWanted = useMemo(
    () => offerableItems(theirItems.data ?? [], item.id),
    [theirItems.data, item.id],
  );
  // A bundle: up to MAX_BUNDLE_ITEMS of the member's own items, for this one and up to 4 more of the owner's.
  const [selectedIds, setSelectedIds] = useState<string[]>([]);
  const [extraIds, setExtraIds] = useState<string[]>([]);
  const [message, setMessage] = useState('');
  const chosen = selectedIds.flatMap((id) => offerable.filter((candidate) => candidate.id === id));
  const extras = extraIds.flatMap((id) => alsoWanted.filter((candidate) => candidate.id === id));
  const selected = chosen[0] ?? null;
  const toggle = (list: string[], id: string, max: number) =>
    list.includes(id) ? list.filter((other) => other !== id) : list.length < max ? [...list, id] : list;
  const createRequest = useCreateTradeRequest();
  const messageId = useId();

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!selected) {
      toast({
        title: t('requestForm.selectionRequired'),
        description: t('requestForm.selectionRequiredDescription'),
        variant: 'destructive',
      });
      return;
    }
    createRequest.mutate(
      {
        requestedItemIds: [item.id, ...extras.map((extra) => extra.id)],
        offeredItemIds: chosen.map((mine) => mine.id),
        message: message.trim() || undefined,
      },
      {
        onSuccess: () => {
          toast({
            title: t('requestForm.sent'),
            description: item.owner.firstName
              ? t('requestForm.sentDescription', { title: item.title, name: item.owner.firstName })
              : t('requestForm.sentDescriptionNoName', { title: item.title }),
          });
          setSelectedIds([]);
          setExtraIds([]);
          setMessage('');
          onSent();
        },
      },
    );
  };

  const noneToOffer = myItems.isSuccess && offerable.length === 0;

  return (
    <form onSubmit={submit} noValidate className="grid min-w-0 gap-5">
      <WantedItem item={item} />

      <fieldset className="grid min-w-0 gap-2">
        <legend className="mb-2 text-sm font-medium">
          {t('requestForm.chooseLegend')}{' '}
          <span className="font-normal text-muted-foreground">
            {t('requestForm.chosen', { max: MAX_BUNDLE_ITEMS, count: selectedIds.length })}
          </span>
        </legend>
        {myItems.isPending ? (
          <div className="grid gap-2" role="status">
            <span className="sr-only">{t('requestForm.loadingItems')}</span>
            {[0, 1, 2].map((index) => (
              <Skeleton key={index} className="h-[4.5rem] w-full" />
            ))}
          </div>
        ) : myItems.isError ? (
          <div className="flex flex-wrap items-center justify-between gap-3 rounded-lg border border-dashed p-4 text-sm">
            <span className="text-muted-foreground">{t('requestForm.loadError')}</span>
            <Button type="button" size="sm" variant="outline" onClick={() => void myItems.refetch()}>
              {t('common:actions.retry')}
            </Button>
          </div>
        ) : noneToOffer ? (
          <NothingToOffer hasItems={(myItems.data ?? []).length > 0} />
        ) : (
          <div
            className="-mx-1 grid gap-2 px-1 py-1 sm:max-h-72 sm:overflow-y-auto"
            data-testid="select-offered-item"
          >
            {offerable.map((candidate) => (
              <OfferOption
                key={candidate.id}
                item={candidate}
                name="offered-item"
                checked={selectedIds.includes(candidate.id)}
                disabled={!selectedIds.includes(candidate.id) && selectedIds.length >= MAX_BUNDLE_ITEMS}
                onSelect={() => setSelectedIds((list) => toggle(list, candidate.id, MAX_BUNDLE_ITEMS))}
              />
            ))}
          </div>
        )}
      </fieldset>

      {alsoWanted.length > 0 && !noneToOffer ? (
        <fieldset className="grid min-w-0 gap-2" data-testid="select-also-wanted">
          <legend className="mb-2 text-sm font-medium">
            {item.owner.firstName
              ? t('requestForm.alsoWanted', { name: item.owner.firstName })
              : t('requestForm.alsoWantedNoName')}{' '}
            <span className="font-normal text-muted-foreground">
              {t('requestForm.alsoWantedNote', { max: MAX_BUNDLE_ITEMS })}
            </span>
          </legend>
          <div className="-mx-1 grid gap-2 px-1 py-1 sm:max-h-56 sm:overflow-y-auto">
            {alsoWanted.map((candidate) => (
              <OfferOption
                key={candidate.id}
                item={candidate}
                name="also-wanted"
                testIdPrefix="option-also-wanted"
                checked={extraIds.includes(candidate.id)}
                disabled={!extraIds.includes(candidate.id) && extraIds.length >= MAX_BUNDLE_ITEMS - 1}
                onSelect={() => setExtraIds((list) => toggle(list, candidate.id, MAX_BUNDLE_ITEMS - 1))}
              />
            ))}
          </div>
        </fieldset>
      ) : null}

      {selected ? (
        <ValueComparison yours={sideTotal(chosen, t)} theirs={sideTotal([item, ...extras], t)} />
      ) : null}

      {noneToOffer ? null : (
        <Field id={messageId} label={t('fields.message')} labelNote={t('fields.optional')}>
          {(fieldControl) => (
            <Textarea
              {...fieldControl}
              value={message}
              onChange={(event) => setMessage(event.target.value)}
              placeholder={
                selected
                  ? defaultTradeMessage(selected.title, item.title)
                  : t('requestForm.messagePlaceholder')
              }
              maxLength={MAX_TRADE_MESSAGE_LENGTH}
              rows={3}
              data-testid="input-barter-message"
            />
          )}
        </Field>
      )}

      <DialogFooter className="gap-2 sm:justify-between">
        <TradePreviewButton
          offeredItem={selected}
          requestedItem={item}
          moreOffered={chosen.slice(1)}
          moreRequested={extras}
        />
        <Button
          type="submit"
          disabled={createRequest.isPending || noneToOffer}
          className="w-full sm:w-auto"
          data-testid="button-confirm-trade"
        >
          {createRequest.isPending ? (
            <LoaderCircle className="animate-spin" aria-hidden="true" />
          ) : (
            <ArrowLeftRight aria-hidden="true" />
          )}
          {createRequest.isPending ? t('requestForm.sending') : t('requestForm.confirm')}
        </Button>
      </DialogFooter>
    </form>
  );
}

function WantedItem({ item }: { item: Item }) {
  const { t } = useTranslation('trades');
  const format = useFormat();
  return (
    <div className="flex min-w-0 items-center gap-3 rounded-lg border bg-muted/40 p-3">
      <ItemThumbnail images={item.images} className="size-16" />
      <div className="min-w-0 flex-1">
        <p className="text-xs font-medium tracking-wide text-muted-foreground uppercase">
          {t('requestForm.youWant')}
        </p>
        <p className="line-clamp-2 font-semibold break-words">{item.title}</p>
        <p className="text-sm text-muted-foreground">
          {format.money(item.estimatedValue)} · {t(`conditions.${item.condition}`)}
          {item.owner.firstName ? ` · ${t('requestForm.from', { name: item.owner.firstName })}` : ''}
        </p>
      </div>
    </div>
  );
}

/** One item as a checkbox card (a bundle takes several); the native checkbox keeps keyboard use. */
function OfferOption({
  item,
  name,
  checked,
  disabled = false,
  testIdPrefix = 'option-offered-item',
  onSelect,
}: {
  item: Item;
  name: string;
  checked: boolean;
  disabled?: boolean;
  testIdPrefix?: string;
  onSelect: () => void;
}) {
  const { t } = useTranslation('trades');
  const format = useFormat();
  return (
    <label
      className={cn(
        'flex min-w-0 cursor-pointer items-center gap-3 rounded-lg border bg-card p-2.5 transition-colors hover:bg-accent/60',
        'has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring',
        checked && 'border-primary bg-secondary/60 ring-1 ring-primary',
        disabled && 'cursor-not-allowed opacity-60',
      )}
      data-testid={`${testIdPrefix}-${item.id}`}
    >
      <input
        type="checkbox"
        name={name}
        value={item.id}
        checked={checked}
        disabled={disabled}
        onChange={onSelect}
        className="sr-only"
      />
      <ItemThumbnail images={item.images} className="size-12" />
      <span className="min-w-0 flex-1">
        <span className="line-clamp-2 text-sm font-medium break-words">{item.title}</span>
        <span className="block text-xs text-muted-foreground">
          {format.money(item.estimatedValue)} · {t(`conditions.${item.condition}`)}
          {item.size ? ` · ${t('size', { size: item.size })}` : ''}
        </span>
      </span>
      <CheckMark checked={checked} />
    </label>
  );
}

/** A side of the offer as the value hint compares it: the total of its items. */
function sideTotal(list: Array<{ title: string; estimatedValue: number }>, t: TFunction<'trades'>) {
  return {
    title: list.length === 1 ? (list[0]?.title ?? '') : t('itemCount', { count: list.length }),
    value: list.reduce((total, entry) => total + entry.estimatedValue, 0),
  };
}

function NothingToOffer({ hasItems }: { hasItems: boolean }) {
  const { t } = useTranslation('trades');
  return (
    <div className="flex flex-col items-center gap-3 rounded-lg border border-dashed px-4 py-6 text-center">
      <p className="font-medium">{hasItems ? t('requestForm.noneAvailable') : t('requestForm.noneListed')}</p>
      <p className="max-w-sm text-sm text-muted-foreground">
        {hasItems ? t('requestForm.noneAvailableHint') : t('requestForm.noneListedHint')}
      </p>
      <ListItemButton size="sm" data-testid="button-barter-list-item" />
    </div>
  );
}
